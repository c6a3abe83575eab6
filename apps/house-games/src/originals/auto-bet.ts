/**
 * An auto-bet run: always a count the player chose (never unbounded, at most the site's limit), optionally ending
 * early once the run's loss or profit reaches the player's amount.
 */
export interface AutoPlan {
  rounds: number;
  /** Minor units; null: no stop on loss. */
  stopLoss: bigint | null;
  stopWin: bigint | null;
}

export interface AutoProgress {
  played: number;
  /** The run's wins minus its bets, minor units. */
  net: bigint;
}

/** Whether the run plays another round after `progress`. */
export function autoContinues(plan: AutoPlan, progress: AutoProgress): boolean {
  if (progress.played >= plan.rounds) return false;
  if (plan.stopLoss !== null && -progress.net >= plan.stopLoss) return false;
  if (plan.stopWin !== null && progress.net >= plan.stopWin) return false;
  return true;
}

/** The player's count, kept within 1 … maxRounds; null for anything that is not a whole number. */
export function autoRounds(text: string, maxRounds: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const rounds = Number(text);
  return rounds >= 1 && rounds <= maxRounds ? rounds : null;
}

/** An optional amount typed in major units ("12.50") as minor units; null when empty, undefined when malformed. */
export function minorFromText(text: string, minorDigits: number): bigint | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(trimmed);
  if (!match || (match[2] ?? '').length > minorDigits) return undefined;
  const fraction = (match[2] ?? '').padEnd(minorDigits, '0');
  const value = BigInt(`${match[1]}${fraction}`);
  return value > 0n ? value : undefined;
}
