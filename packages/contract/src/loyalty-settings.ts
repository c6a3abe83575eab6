import { type Static, Type } from 'typebox';

/**
 * The merchant's VIP ladder and points rules (issue 20), edited on the back office's settings screen. Amounts are
 * integer minor units as decimal strings; points are whole numbers.
 */

const minor = (description: string) => Type.String({ pattern: '^(0|[1-9][0-9]{0,15})$', description });

export const VIP_MAX_LEVELS = 20;
/** Spec §9: a rank level above this gets the VIP customer-service line. */
export const VIP_SERVICE_RANK_ABOVE = 4;
export const POINTS_RATE_MAX = 1_000_000;

export const VipLevelSettings = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 32, description: 'Shown to players (the rank label), e.g. VIP3' }),
  minDepositMinor: minor('Deposits over the rolling window needed to reach this level; 0: none'),
  minValidBetMinor: minor('Valid bets over the rolling window needed to reach this level; 0: none'),
  qualifyBy: Type.Enum(['all', 'any'], {
    description: 'all: every threshold above 0 must be met; any: one of them is enough',
  }),
  keepValidBetMinor: minor('Valid bets over the rolling window needed to keep this level at the daily review; 0: kept'),
  upgradeBonusMinor: minor('Paid into the main wallet once, the first time a member reaches this level'),
  monthlyBonusMinor: minor('Paid into the main wallet on the 1st of each month to members at this level'),
  cashbackExtraBasisPoints: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    description: 'Added to every cashback rate for members at this level, basis points (100 = 1 %)',
  }),
  withdrawalDailyMaxMinor: minor(
    'Most a member at this level may withdraw per day (UTC), in place of the site limit; 0: the site limit',
  ),
  withdrawalDailyCount: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000,
      description: 'Most withdrawal requests a member at this level may make per day (UTC); 0 or absent: no count limit',
    }),
  ),
});
export type VipLevelSettings = Static<typeof VipLevelSettings>;

/**
 * The ladder, lowest first: a member's rank level is the position of their level (the first is level 0, everyone's
 * start, and needs nothing). Upgrades happen as soon as a deposit or bet crosses a threshold; the daily review moves
 * a member whose level has lasted a whole window down to the highest level whose keep rule they meet.
 */
export const VipSettings = Type.Object({
  windowDays: Type.Integer({ minimum: 1, maximum: 365, description: 'Rolling window (days) deposits and valid bets count over' }),
  levels: Type.Array(VipLevelSettings, {
    minItems: 1,
    maxItems: VIP_MAX_LEVELS,
    description: 'Lowest first; the first is level 0',
  }),
});
export type VipSettings = Static<typeof VipSettings>;

/**
 * Points (spec §3 "points items", §9 "no expiry"): earned on valid bets at a rate per game category, spent in the
 * points mall or converted to cash at the ratio.
 */
export const PointsSettings = Type.Object({
  earnRates: Type.Record(
    Type.String({ pattern: '^[A-Z0-9_]{1,32}$' }),
    Type.Integer({ minimum: 0, maximum: POINTS_RATE_MAX, description: 'Points per 10,000 minor units of valid bet' }),
    { description: 'By game category (RNG, LOTT, LIVE …); a category not listed earns none' },
  ),
  convertPoints: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Points of one conversion unit' }),
  convertMinor: minor('Cash one conversion unit of points buys; 0: conversion off'),
  minConvertPoints: Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'Fewest points converted at once' }),
});
export type PointsSettings = Static<typeof PointsSettings>;
