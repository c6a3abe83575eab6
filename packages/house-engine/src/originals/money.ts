/** A stake times a multiplier given in 1/scale, rounded down to the minor unit (the house never pays a fraction). */
export function payoutOf(stake: bigint, multiplier: number, scale: number): bigint {
  return (stake * BigInt(multiplier)) / BigInt(scale);
}
