import type { MissionKind, MissionPeriod } from '@tessera/contract/routes/loyalty';
import type { NewMoves } from './repo.js';

const DAY_MS = 86_400_000;
/** A completed mission's reward can be claimed until this long after its period ended. */
export const CLAIM_GRACE_DAYS = 7;
/** A one-off mission has one period for all time. */
export const ONCE_PERIOD = '1970-01-01';

export interface CountedMission {
  id: bigint;
  kind: MissionKind;
  game_category: string | null;
  target: bigint;
  period: MissionPeriod;
  starts_at: Date;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The UTC day a period begins: the day itself, its week's Monday, or the one-off period. */
export function periodStartOf(period: MissionPeriod, day: string): string {
  if (period === 'once') return ONCE_PERIOD;
  if (period === 'daily') return day;
  const at = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return dayOf(new Date(at.getTime() - sinceMonday * DAY_MS));
}

/** When the period's counting stops (exclusive); null for a one-off. */
export function periodEndOf(period: MissionPeriod, start: string): Date | null {
  if (period === 'once') return null;
  return new Date(Date.parse(`${start}T00:00:00Z`) + (period === 'daily' ? 1 : 7) * DAY_MS);
}

/** The last moment a reward of the period can be claimed; null: no end. */
export function claimByOf(period: MissionPeriod, start: string): Date | null {
  const end = periodEndOf(period, start);
  return end && new Date(end.getTime() + CLAIM_GRACE_DAYS * DAY_MS - 1);
}

/** What one day's moves add to a mission (login days are counted from sign-ins, not from the ledger). */
function amountFor(mission: CountedMission, move: NewMoves): bigint {
  const ofCategory = mission.game_category === null || mission.game_category === move.category;
  switch (mission.kind) {
    case 'deposit':
      return BigInt(move.deposits);
    case 'valid_bet':
      return ofCategory ? BigInt(move.valid_bet) : 0n;
    case 'bet_count':
      return ofCategory ? BigInt(move.bets) : 0n;
    case 'login_days':
      return 0n;
  }
}

export interface ProgressIncrement {
  missionId: bigint;
  periodStart: string;
  target: bigint;
  amount: bigint;
}

/** The new moves' progress, summed per mission and period; moves from before a mission began count nothing. */
export function progressFrom(missions: readonly CountedMission[], moves: readonly NewMoves[]): ProgressIncrement[] {
  const sums = new Map<string, ProgressIncrement>();
  for (const mission of missions) {
    const from = dayOf(mission.starts_at);
    for (const move of moves) {
      if (move.day < from) continue;
      const amount = amountFor(mission, move);
      if (amount === 0n) continue;
      const periodStart = periodStartOf(mission.period, move.day);
      const key = `${mission.id}/${periodStart}`;
      const sum = sums.get(key) ?? { missionId: mission.id, periodStart, target: mission.target, amount: 0n };
      sum.amount += amount;
      sums.set(key, sum);
    }
  }
  return [...sums.values()];
}

export const percentOf = (progress: bigint, target: bigint) => (progress >= target ? 100 : Number((progress * 100n) / target));

/** An account name as others may see it on a board: its first two and last two characters. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 4) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}
