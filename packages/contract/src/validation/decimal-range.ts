/**
 * A regular expression source matching the decimal integers from 1 to `max` written without leading zeros, so a
 * schema can refuse a number above a column's range while it is still a string (a 64-bit id is beyond a float).
 */
export function positiveDecimalUpTo(max: bigint): string {
  if (max < 1n) throw new RangeError('max must be at least 1');
  const digits = max.toString();
  const alternatives: string[] = [];
  if (digits.length > 1) alternatives.push(`[1-9][0-9]{0,${digits.length - 2}}`);
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[i]);
    const lowest = i === 0 ? 1 : 0;
    if (digit <= lowest) continue;
    const rest = digits.length - i - 1;
    alternatives.push(`${digits.slice(0, i)}[${lowest}-${digit - 1}]${rest > 0 ? `[0-9]{${rest}}` : ''}`);
  }
  alternatives.push(digits);
  return `^(?:${alternatives.join('|')})$`;
}

/** The largest value of a PostgreSQL bigint (int8), the type of every row id. */
export const INT8_MAX = 9_223_372_036_854_775_807n;
