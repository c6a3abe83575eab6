/**
 * Minor units (a decimal string) → the display form with grouping, e.g. "1234550" with 2 digits → "12,345.50".
 * Pure string arithmetic: amounts never pass through a float.
 */
export function formatMinor(minor: string, minorDigits: number, locale = 'en'): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(minorDigits + 1, '0');
  const whole = digits.slice(0, digits.length - minorDigits);
  const fraction = minorDigits > 0 ? digits.slice(-minorDigits) : '';
  const grouped = new Intl.NumberFormat(locale, { useGrouping: true }).format(BigInt(whole));
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  // The fraction in the same digits as the whole part (Bengali digits in BN), zero-padded to the currency's digits.
  const localFraction = fraction
    ? new Intl.NumberFormat(locale, { useGrouping: false, minimumIntegerDigits: minorDigits }).format(BigInt(fraction))
    : '';
  return `${negative ? '-' : ''}${grouped}${fraction ? decimal + localFraction : ''}`;
}

/** What a player types ("1,500.5") → minor units, or null when it is not an amount with at most `minorDigits` decimals. */
export function parseMajor(text: string, minorDigits: number): string | null {
  const match = /^([0-9]{1,13})(?:\.([0-9]*))?$/.exec(text.replace(/[,\s]/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > minorDigits) return null;
  const minor = BigInt(match[1] ?? '0') * 10n ** BigInt(minorDigits) + BigInt(fraction.padEnd(minorDigits, '0') || '0');
  return minor.toString();
}
