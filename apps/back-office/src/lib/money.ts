const grouped = new Intl.NumberFormat('en-GB');

/** An amount in integer minor units (a decimal string) as staff read it: thousands grouped, two decimals, exact. */
export function formatMinor(minor: string): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const major = grouped.format(absolute / 100n);
  const cents = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '−' : ''}${major}.${cents}`;
}

/** A count with thousands grouped. */
export const formatCount = (count: number) => grouped.format(count);

/** Minor units as a number of major units, for a chart's scale (charts need numbers; tables show `formatMinor`). */
export const toMajor = (minor: string) => Number(minor) / 100;
