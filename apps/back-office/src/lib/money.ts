import { formatMinor as formatAmount } from '@tessera/contract/money-format';

/** Amounts travel as decimal strings of minor units; staff read and type them in major units of the currency. */

export interface Currency {
  symbol: string;
  minorDigits: number;
}

/** Amounts of merchants with different currencies summed together: no symbol fits them. */
const PLAIN: Currency = { symbol: '', minorDigits: 2 };

/** The currency a report answers its amounts in, or the plain form when the merchants in it use different ones. */
export const reportCurrency = (currency: Currency | null): Currency => currency ?? PLAIN;

/** "12550" with 2 digits → "125.50", grouped, the symbol after the sign: the contract's one amount format. */
export function formatMinor(minor: string, currency: Currency = PLAIN): string {
  const negative = minor.startsWith('-');
  return `${negative ? '-' : ''}${currency.symbol}${formatAmount(negative ? minor.slice(1) : minor, currency.minorDigits)}`;
}

/** What staff typed ("500", "99.5") → minor units, or null when it is not an amount with at most minorDigits decimals. */
export function parseMajor(text: string, minorDigits: number): string | null {
  const match = /^([0-9]{1,13})(?:\.([0-9]+))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match || (match[2] ?? '').length > minorDigits) return null;
  const minor = BigInt(match[1] ?? '0') * 10n ** BigInt(minorDigits) + BigInt((match[2] ?? '').padEnd(minorDigits, '0') || '0');
  return minor.toString();
}

/** A count with thousands grouped. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** Minor units as a number of major units, for a chart's scale (charts need numbers; tables show `formatMinor`). */
export const toMajor = (minor: string, minorDigits = PLAIN.minorDigits) => Number(minor) / 10 ** minorDigits;
