import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/promotions.ts, as plain data the browser imports without the schema
 * library (`import * as promotionRoutes from '@tessera/contract/routes/promotions'`).
 */

/**
 * The operator's promotion types: deposit matches, bonuses paid on opt-in, the member-referral programme (its
 * bonus is the referrer's reward for each friend who qualifies), and raffles (tickets from valid bets, routes/raffles.ts).
 */
export const PROMOTION_TYPES = ['first_deposit', 'reload', 'signup', 'free', 'referral', 'rebate', 'raffle'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** Types that pay a fixed bonus when claimed (or, for the referral programme, per qualifying friend). */
export const FIXED_BONUS_PROMOTION_TYPES: readonly PromotionType[] = ['signup', 'free', 'referral'];

/** A loss rebate's period: a day or a week (from Monday) in the site's report time zone. */
export const REBATE_PERIODS = ['daily', 'weekly'] as const;
export type RebatePeriod = (typeof REBATE_PERIODS)[number];

/** A member's rebate of a closed period (docs/decisions.md "Loss rebates"). */
export const REBATE_STATES = ['waiting', 'paid', 'refused'] as const;
export type RebateState = (typeof REBATE_STATES)[number];

/** Types whose bonus is paid by a qualifying deposit (the member joins first); the others pay on claim. */
export const DEPOSIT_PROMOTION_TYPES: readonly PromotionType[] = ['first_deposit', 'reload'];

/**
 * Who a promotion is for: everyone, members registered recently, members at chosen VIP levels, an agent's whole
 * downline, or a list of named accounts. A member outside it is neither shown the promotion nor paid its bonus.
 */
export const PROMOTION_AUDIENCES = ['all', 'new', 'vip', 'downline', 'members'] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];

/** The most accounts a promotion's audience may name. */
export const PROMOTION_AUDIENCE_ACCOUNTS_MAX = 5000;

/**
 * What a promotion is for the member asking (spec §4's statuses; docs/decisions.md "Promotions" has the state
 * machine): what they may do (`join`, `claim`), where their claim stands (`joined`, `applying` — waiting for an
 * operator's review —, `process`, `claimed`, `rejected`), or why nothing can be done (`coming_soon`, `close`).
 */
export const PROMOTION_STATUSES = [
  'coming_soon',
  'join',
  'claim',
  'joined',
  'applying',
  'process',
  'claimed',
  'rejected',
  'close',
] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Why a promotion is `close` or `rejected` for the member, for the screen's one-line explanation. */
export const PROMOTION_REASONS = [
  'ended',
  'exhausted',
  'not_new',
  'not_in_audience',
  'max_claims',
  'responsible_gaming',
  'other_bonus_active',
  'not_first_deposit',
  'below_min_deposit',
  'expired',
  'forfeited',
  'lost',
  'trial_account',
  'review_rejected',
  'referral_only',
  'automatic',
  'raffle_tickets',
  'raffle_prize_expired',
] as const;
export type PromotionReason = (typeof PROMOTION_REASONS)[number];

export const listPromotions = {
  id: 'promotions.list',
  method: 'GET',
  path: '/wps/promotions',
  auth: 'optional',
} as const satisfies CallRoute;

export const getPromotion = {
  id: 'promotions.detail',
  method: 'GET',
  path: '/wps/promotions/detail',
  auth: 'optional',
} as const satisfies CallRoute;

export const joinPromotion = {
  id: 'promotions.join',
  method: 'POST',
  path: '/wps/promotions/join',
  auth: 'token',
} as const satisfies CallRoute;

export const getActiveBonus = {
  id: 'promotions.bonus',
  method: 'GET',
  path: '/wps/promotions/bonus',
  auth: 'token',
} as const satisfies CallRoute;

/** When a referred friend earns the referrer their reward: their first deposit, enough valid bets, or both. */
export const REFERRAL_TRIGGERS = ['first_deposit', 'valid_bet', 'both'] as const;
export type ReferralTrigger = (typeof REFERRAL_TRIGGERS)[number];

/**
 * Where one referred friend stands for the referrer: signed up (`registered`), reward due but not yet paid because
 * another bonus of the referrer's is running (`earned`; paid the next time the referrer opens the page after it ends), under an operator's review (`applying`), paid (`rewarded`),
 * or refused by the review (`rejected`).
 */
export const REFERRAL_STATES = ['registered', 'earned', 'applying', 'rewarded', 'rejected'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export const getReferral = {
  id: 'promotions.referral',
  method: 'GET',
  path: '/wps/promotions/referral',
  auth: 'token',
} as const satisfies CallRoute;
