/**
 * The arithmetic of a bonus, in integer minor units, rounded down where it divides: a bonus, a wagering
 * requirement and a conversion never pay a fraction of a minor unit.
 */

/** A deposit match: `percent` of the deposit, at most `cap`; nothing below the minimum deposit. */
export function matchBonus(deposit: bigint, percent: number, cap: bigint, minDeposit: bigint | null): bigint {
  if (minDeposit !== null && deposit < minDeposit) return 0n;
  const bonus = (deposit * BigInt(percent)) / 100n;
  return bonus < cap ? bonus : cap;
}

/** N× the bonus, or N× (deposit + bonus). */
export function wageringRequired(
  multiplier: number,
  base: 'bonus' | 'deposit_bonus',
  bonus: bigint,
  deposit: bigint | null,
): bigint {
  const baseAmount = base === 'deposit_bonus' ? bonus + (deposit ?? 0n) : bonus;
  return BigInt(multiplier) * baseAmount;
}

/** What one bet counts toward wagering: its category's percent of it; a bet above the maximum bet counts nothing. */
export function weightedBet(
  amount: bigint,
  category: string,
  weights: Readonly<Record<string, number>>,
  maxBet: bigint | null,
): bigint {
  if (maxBet !== null && amount > maxBet) return 0n;
  return (amount * BigInt(weights[category] ?? 0)) / 100n;
}

/** On conversion: what becomes cash (at most the cap) and what returns to the house. */
export function conversion(balance: bigint, cap: bigint | null): { toCash: bigint; toHouse: bigint } {
  const toCash = cap !== null && balance > cap ? cap : balance;
  return { toCash, toHouse: balance - toCash };
}

/** A loss rebate: `basisPoints` of the net loss, at most `cap`; nothing on a loss below the minimum (or no loss). */
export function rebateOf(loss: bigint, basisPoints: number, cap: bigint, minLoss: bigint | null): bigint {
  if (loss <= 0n || (minLoss !== null && loss < minLoss)) return 0n;
  const rebate = (loss * BigInt(basisPoints)) / 10_000n;
  return rebate < cap ? rebate : cap;
}
