import { type Static, Type } from 'typebox';
import * as routes from '../routes/raffles.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { NonNegativeMinorAmount, PositiveMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * Raffles (lucky draws): a promotion of type `raffle` whose tickets come from valid bets in the counted game
 * categories (one per `ticketValidBetMinor`, at most `maxTickets` a member). The server commits to its seed
 * (`seedHash`, SHA-256) before the raffle opens and reveals it at the draw; with the ticket list anyone can
 * recompute the winners (house-engine `raffle/draw.ts`). Winners claim their prize before the claim deadline.
 */

const TAGS = ['promotions'];

export const RafflePrizeKind = Type.Enum(routes.RAFFLE_PRIZE_KINDS);
export const RafflePrizeState = Type.Enum(routes.RAFFLE_PRIZE_STATES);

export const RafflePrize = Type.Object(
  { kind: RafflePrizeKind, amountMinor: PositiveMinorAmount },
  { additionalProperties: false, description: 'One place: the first in the list is the first prize' },
);
export type RafflePrize = Static<typeof RafflePrize>;

export const RaffleWinner = Type.Object({
  place: Type.Integer({ minimum: 1 }),
  account: Type.String({ description: 'Masked: first and last characters only' }),
  ticket: Type.Integer({ minimum: 0, description: 'The winning ticket number (0-based over the ticket list)' }),
  kind: RafflePrizeKind,
  amountMinor: NonNegativeMinorAmount,
  state: RafflePrizeState,
});
export type RaffleWinner = Static<typeof RaffleWinner>;

export const MyRafflePrize = Type.Object({
  place: Type.Integer({ minimum: 1 }),
  kind: RafflePrizeKind,
  amountMinor: NonNegativeMinorAmount,
  state: RafflePrizeState,
  claimDeadline: EpochMs('Claim before'),
});
export type MyRafflePrize = Static<typeof MyRafflePrize>;

export const Raffle = Type.Object({
  promotionId: RowId,
  drawTime: EpochMs('When the draw runs; bets before it earn tickets'),
  ticketValidBetMinor: NonNegativeMinorAmount,
  categories: Type.Array(Type.String(), { description: 'Game categories whose valid bets earn tickets' }),
  maxTickets: Type.Integer({ minimum: 1 }),
  claimHours: Type.Integer({ minimum: 1, description: 'Hours after the draw a winner has to claim' }),
  prizes: Type.Array(RafflePrize),
  seedHash: Type.String({ description: 'SHA-256 of the 32 server-seed bytes, in hex, published before the raffle opens' }),
  serverSeed: Type.Union([Type.String(), Type.Null()], { description: 'Revealed at the draw' }),
  clientSeed: Type.String(),
  drawnAt: Type.Union([EpochMs('When it was drawn'), Type.Null()]),
  ticketsTotal: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'After the draw' }),
  myTickets: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "The member's tickets; null for a guest" }),
  myValidBetMinor: Type.Union([NonNegativeMinorAmount, Type.Null()]),
  myFirstTicket: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: "After the draw: the number of the member's first ticket (theirs are consecutive)",
  }),
  winners: Type.Array(RaffleWinner, { description: 'After the draw, in place order' }),
  myPrize: Type.Union([MyRafflePrize, Type.Null()]),
  serverTime: EpochMs('The server clock, for the countdown'),
});
export type Raffle = Static<typeof Raffle>;

export const getRaffle = defineCall(routes.getRaffle, {
  tags: TAGS,
  summary:
    "A raffle promotion: ticket rule, prizes, draw time, the seed's commitment (and the seed after the draw), the member's tickets and prize, the winners (masked)",
  querystring: Type.Object({ promotionId: RowId }, { additionalProperties: false }),
  value: Raffle,
});

export const RaffleTicketBlock = Type.Object({
  account: Type.String({ description: 'Masked' }),
  firstTicket: Type.Integer({ minimum: 0 }),
  tickets: Type.Integer({ minimum: 1 }),
});

export const getRaffleTickets = defineCall(routes.getRaffleTickets, {
  tags: TAGS,
  summary:
    'The ticket list the draw used, in its order (empty before the draw): with the revealed seed, anyone can recompute the winners',
  querystring: Type.Object({ promotionId: RowId }, { additionalProperties: false }),
  value: Type.Object({ list: Type.Array(RaffleTicketBlock) }),
});

export const claimRafflePromotion = defineCall(routes.claimRafflePromotion, {
  tags: TAGS,
  summary:
    "Claim the member's raffle prize (spec §7.4): paid once through the ledger — cash to the main wallet, a bonus to the bonus balance; a second claim answers the paid prize",
  body: Type.Object({ promotionId: RowId }, { additionalProperties: false }),
  value: MyRafflePrize,
});

const BO_TAGS = ['back-office'];
const bypassesGate = true;

export const RaffleInput = Type.Object(
  {
    promotionId: RowId,
    drawTime: EpochMs('When the draw runs'),
    ticketValidBetMinor: PositiveMinorAmount,
    categories: Type.Array(Type.String({ pattern: '^[A-Z0-9_]{1,32}$' }), { minItems: 1, maxItems: 20, uniqueItems: true }),
    maxTickets: Type.Integer({ minimum: 1, maximum: 100_000 }),
    claimHours: Type.Integer({ minimum: 1, maximum: 720 }),
    prizes: Type.Array(RafflePrize, { minItems: 1, maxItems: routes.RAFFLE_PLACES_MAX }),
  },
  { additionalProperties: false },
);
export type RaffleInput = Static<typeof RaffleInput>;

export const RaffleAdminWinner = Type.Object({
  place: Type.Integer(),
  account: Type.String(),
  ticket: Type.Integer(),
  kind: RafflePrizeKind,
  amountMinor: NonNegativeMinorAmount,
  state: RafflePrizeState,
});

export const RaffleAdmin = Type.Object({
  settings: Type.Union([RaffleInput, Type.Null()], { description: 'Null until the raffle is set up' }),
  seedHash: Type.Union([Type.String(), Type.Null()]),
  drawnAt: Type.Union([EpochMs('Drawn'), Type.Null()]),
  entrants: Type.Integer({ minimum: 0 }),
  ticketsTotal: Type.Integer({ minimum: 0 }),
  winners: Type.Array(RaffleAdminWinner),
});
export type RaffleAdmin = Static<typeof RaffleAdmin>;

export const raffleSettings = defineCall(routes.raffleSettings, {
  tags: BO_TAGS,
  bypassesGate,
  summary: "A raffle promotion's ticket rule, prizes and draw, its entrants and tickets so far, and its winners",
  querystring: Type.Object({ promotionId: RowId }, { additionalProperties: false }),
  value: RaffleAdmin,
});

export const raffleSave = defineCall(routes.raffleSave, {
  tags: BO_TAGS,
  bypassesGate,
  summary:
    "Set a raffle promotion's ticket rule, prizes and draw time (until it is drawn); the promotion then runs until the claim deadline",
  body: RaffleInput,
  value: RaffleAdmin,
});

export const raffleDrawNow = defineCall(routes.raffleDrawNow, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Draw an open raffle now instead of at its draw time (once: a drawn raffle answers its result)',
  body: Type.Object({ promotionId: RowId }, { additionalProperties: false }),
  value: RaffleAdmin,
});
