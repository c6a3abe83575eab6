import { latinDigits } from './digits';

/**
 * What a player types ("1,500.5", "১,৫০০.৫") → minor units, or null when it is not an amount with at most
 * `minorDigits` decimals.
 */
export function parseMajor(text: string, minorDigits: number): string | null {
  const match = /^([0-9]{1,13})(?:\.([0-9]*))?$/.exec(latinDigits(text).replace(/[,\s]/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > minorDigits) return null;
  const minor = BigInt(match[1] ?? '0') * 10n ** BigInt(minorDigits) + BigInt(fraction.padEnd(minorDigits, '0') || '0');
  return minor.toString();
}
