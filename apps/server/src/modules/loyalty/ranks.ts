import type { VipLevelView, VipProgress } from '@tessera/contract/api/loyalty';
import { VIP_SERVICE_RANK_ABOVE, type VipLevelSettings, type VipSettings } from '@tessera/contract/loyalty-settings';

export interface WindowSums {
  deposits: bigint;
  validBet: bigint;
}

/** Whether window sums reach a level: every threshold above 0 (`all`), or one of them (`any`). Level 0 needs nothing. */
export function qualifies(level: VipLevelSettings, sums: WindowSums): boolean {
  const checks = [
    { need: BigInt(level.minDepositMinor), have: sums.deposits },
    { need: BigInt(level.minValidBetMinor), have: sums.validBet },
  ].filter((check) => check.need > 0n);
  if (checks.length === 0) return true;
  const met = checks.map((check) => check.have >= check.need);
  return level.qualifyBy === 'any' ? met.some(Boolean) : met.every(Boolean);
}

/** The highest level the sums reach (the ladder is walked from the top: a level is reached on its own thresholds). */
export function reachedLevel(vip: VipSettings, sums: WindowSums): number {
  for (let level = vip.levels.length - 1; level > 0; level--) {
    const settings = vip.levels[level];
    if (settings && qualifies(settings, sums)) return level;
  }
  return 0;
}

/** The level a member keeps at the review: the highest at or below theirs whose keep rule the window's valid bets meet. */
export function keptLevel(vip: VipSettings, current: number, validBet: bigint): number {
  for (let level = Math.min(current, vip.levels.length - 1); level > 0; level--) {
    const keep = BigInt(vip.levels[level]?.keepValidBetMinor ?? '0');
    if (keep === 0n || validBet >= keep) return level;
  }
  return 0;
}

export const labelOf = (vip: VipSettings, level: number) =>
  vip.levels[Math.min(level, vip.levels.length - 1)]?.name ?? `VIP${level}`;

/** Spec §9: a rank level above 4 gets the VIP customer-service line. */
export const hasVipService = (level: number) => level > VIP_SERVICE_RANK_ABOVE;

export const levelViews = (vip: VipSettings): VipLevelView[] =>
  vip.levels.map((level, rankLevel) => ({
    rankLevel,
    labelName: level.name,
    minDepositMinor: level.minDepositMinor,
    minValidBetMinor: level.minValidBetMinor,
    qualifyBy: level.qualifyBy,
    keepValidBetMinor: level.keepValidBetMinor,
    upgradeBonusMinor: level.upgradeBonusMinor,
    monthlyBonusMinor: level.monthlyBonusMinor,
    cashbackExtraBasisPoints: level.cashbackExtraBasisPoints,
    withdrawalDailyMaxMinor: level.withdrawalDailyMaxMinor,
    withdrawalDailyCount: level.withdrawalDailyCount ?? 0,
    vipService: hasVipService(rankLevel),
  }));

const shortOf = (need: bigint, have: bigint) => (need > have ? need - have : 0n);

/** How far a threshold is met, in whole percent (never 100 before it is met). */
function share(need: bigint, have: bigint): number {
  if (need === 0n) return 100;
  if (have >= need) return 100;
  return Math.min(99, Number((have * 100n) / need));
}

export function progressOf(vip: VipSettings, level: number, since: Date, sums: WindowSums): VipProgress {
  const next = vip.levels[level + 1];
  let nextView: VipProgress['next'] = null;
  if (next) {
    const deposit = BigInt(next.minDepositMinor);
    const bet = BigInt(next.minValidBetMinor);
    const shares = [...(deposit > 0n ? [share(deposit, sums.deposits)] : []), ...(bet > 0n ? [share(bet, sums.validBet)] : [])];
    const percent = shares.length === 0 ? 100 : next.qualifyBy === 'any' ? Math.max(...shares) : Math.min(...shares);
    nextView = {
      rankLevel: level + 1,
      labelName: next.name,
      depositShortMinor: shortOf(deposit, sums.deposits).toString(),
      validBetShortMinor: shortOf(bet, sums.validBet).toString(),
      percent,
    };
  }
  return {
    rankLevel: level,
    labelName: labelOf(vip, level),
    since: since.getTime(),
    depositsMinor: sums.deposits.toString(),
    validBetMinor: sums.validBet.toString(),
    next: nextView,
    vipService: hasVipService(level),
  };
}
