import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * Method, path and access of the raffle calls in api/raffles.ts, as plain data the browser imports without the schema
 * library. A raffle is a promotion of type `raffle`: tickets earned from valid bets, a provably fair draw, prizes the
 * winners claim (spec §7.4 MCS2_claimRafflePromotion).
 */

/** A prize is cash (paid into the main wallet) or a bonus (paid into the bonus balance under the raffle's wagering). */
export const RAFFLE_PRIZE_KINDS = ['cash', 'bonus'] as const;
export type RafflePrizeKind = (typeof RAFFLE_PRIZE_KINDS)[number];

/** A winner's prize: waiting for the claim, paid, or past its claim deadline. */
export const RAFFLE_PRIZE_STATES = ['won', 'claimed', 'expired'] as const;
export type RafflePrizeState = (typeof RAFFLE_PRIZE_STATES)[number];

/** The most places a raffle may have prizes for. */
export const RAFFLE_PLACES_MAX = 50;

export const getRaffle = {
  id: 'raffles.detail',
  method: 'GET',
  path: '/wps/promotions/raffle',
  auth: 'optional',
} as const satisfies CallRoute;

export const getRaffleTickets = {
  id: 'raffles.tickets',
  method: 'GET',
  path: '/wps/promotions/raffle/tickets',
  auth: 'optional',
} as const satisfies CallRoute;

export const claimRafflePromotion = {
  id: 'raffles.claim',
  method: 'POST',
  path: '/wps/relay/MCS2_claimRafflePromotion',
  auth: 'token',
} as const satisfies CallRoute;

type BackOfficeRoute = CallRoute & { permission: CallPermission };
const call = <const R extends BackOfficeRoute>(route: R) => route;

export const raffleSettings = call({
  id: 'bo.promotions.raffle',
  method: 'GET',
  path: '/bo/api/promotions/raffle',
  auth: 'staff',
  permission: 'promotions.manage',
});

export const raffleSave = call({
  id: 'bo.promotions.raffle.save',
  method: 'PUT',
  path: '/bo/api/promotions/raffle',
  auth: 'staff',
  permission: 'promotions.manage',
});

export const raffleDrawNow = call({
  id: 'bo.promotions.raffle.draw',
  method: 'POST',
  path: '/bo/api/promotions/raffle/draw',
  auth: 'staff',
  permission: 'promotions.manage',
});
