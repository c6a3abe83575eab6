import { type Static, Type } from 'typebox';
import * as routes from '../routes/cashback.js';
import { defineCall } from './call.js';
import { NonNegativeMinorAmount } from './money.js';

/**
 * Cashback (`manualRebate`, spec §2.4): a rebate on valid bets since the member's last claim, at the operator's
 * rate per game category (basis points), claimed by the member and paid once into the main wallet.
 */

/** Bets of the last minute wait for the next claim: a bet still committing is never skipped by a period end. */
export const CASHBACK_SETTLE_LAG_MS = 60_000;
export const CASHBACK_MAX_RATE_BASIS_POINTS = 10_000;
export const GAME_CATEGORY_PATTERN = '^[A-Z0-9_]{1,32}$';

export const CashbackCategory = Type.Object({
  gameCategory: Type.String(),
  validBetMinor: NonNegativeMinorAmount,
  rateBasisPoints: Type.Integer({ minimum: 0, maximum: CASHBACK_MAX_RATE_BASIS_POINTS, description: '100 = 1%' }),
  claimableMinor: NonNegativeMinorAmount,
});
export type CashbackCategory = Static<typeof CashbackCategory>;

export const CashbackClaim = Type.Object({
  claimId: Type.String(),
  claimedAt: Type.Integer({ description: 'Epoch ms' }),
  periodStart: Type.Union([Type.Integer(), Type.Null()], { description: 'Epoch ms (exclusive); null = first claim' }),
  periodEnd: Type.Integer({ description: 'Epoch ms (inclusive)' }),
  validBetMinor: NonNegativeMinorAmount,
  amountMinor: NonNegativeMinorAmount,
});
export type CashbackClaim = Static<typeof CashbackClaim>;

export const CashbackOverview = Type.Object({
  periodStart: Type.Union([Type.Integer(), Type.Null()], { description: 'End of the last claim; null = never claimed' }),
  periodEnd: Type.Integer({ description: 'Bets up to this time (now minus one minute) count' }),
  categories: Type.Array(CashbackCategory),
  totalClaimableMinor: NonNegativeMinorAmount,
  history: Type.Array(CashbackClaim, { description: 'The last 20 claims, newest first' }),
});
export type CashbackOverview = Static<typeof CashbackOverview>;

export const getCashback = defineCall(routes.getCashback, {
  tags: ['cashback'],
  summary: 'Cashback: valid bets since the last claim per game category, the rate, the claimable amount, and past claims',
  value: CashbackOverview,
});

export const claimCashback = defineCall(routes.claimCashback, {
  tags: ['cashback'],
  summary:
    'Claim all claimable cashback into the main wallet; paid exactly once per period (cashback.nothing.to.claim otherwise)',
  body: Type.Object({}, { additionalProperties: false }),
  value: Type.Object({ claim: CashbackClaim, overview: CashbackOverview }),
});

export const cashbackCalls = [getCashback, claimCashback];
