/** Where a lottery opens (spec §2.1 routes, §3 game object, §4 "lottery types go to a lottery route"). */
export type LotteryPath = '/lottery' | '/vnlottery' | '/seaLottery' | '/elott';

export const LOTTERY_PATHS: readonly LotteryPath[] = ['/lottery', '/vnlottery', '/seaLottery', '/elott'];

/** Vendor account types that name their own lottery route; the spec's LOTT and ELOTT follow the category. */
const ACCOUNT_TYPE_PATHS: Record<string, LotteryPath> = { TCG_LOTTO_VN: '/vnlottery', TCG_SEA: '/seaLottery' };

export interface LotteryTarget {
  gameType: string;
  /** The vendor's account type (LOTT, ELOTT, TCG_SEA, TCG_LOTTO_VN…); game items of a list do not carry it. */
  accountTypeName?: string;
}

/**
 * The lottery route of a vendor or game, or null for every other game (which opens in /game). The electronic
 * lottery keeps /elott whatever its vendor's account type: that is the spec's "two variants sharing /elott".
 */
export function lotteryPathOf({ gameType, accountTypeName }: LotteryTarget): LotteryPath | null {
  if (gameType === 'ELOTT' || accountTypeName === 'ELOTT') return '/elott';
  const byAccount = accountTypeName ? ACCOUNT_TYPE_PATHS[accountTypeName] : undefined;
  if (byAccount) return byAccount;
  if (gameType === 'LOTT' || accountTypeName === 'LOTT') return '/lottery';
  return null;
}

/**
 * The address that opens a lottery: the route, the vendor (the stored vassalage) and, only when the game has a
 * code and a default play type (spec §2.1), `gameCode` and `playType`, which open that game's bet slip.
 */
export function lotteryHref(
  target: LotteryTarget & { vassalage: string },
  game?: { gameId: string; defaultPlayType: string | null },
): string | null {
  const path = lotteryPathOf(target);
  if (!path) return null;
  const params = new URLSearchParams({ vendor: target.vassalage });
  if (game?.gameId && game.defaultPlayType) {
    params.set('gameCode', game.gameId);
    params.set('playType', game.defaultPlayType);
  }
  return `${path}?${params}`;
}
