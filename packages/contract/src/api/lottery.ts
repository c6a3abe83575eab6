import { type Static, Type } from 'typebox';
import * as routes from '../routes/lottery.js';
import { defineCall } from './call.js';
import { Currency } from './house-games.js';
import { MinorAmount, PositiveMinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * The house lotteries (issue 6 item 4; spec §2.1 lottery routes, §3 lottery launch, §7.3 lottery reads): SEA 5D,
 * the VN northern sheet and the electronic Fast 3. Draws are scheduled ahead, each committed by SHA-256 of its
 * draw seed before it opens; the result is house-engine's draw from `FairStream({ serverSeed, clientSeed, nonce: 0 })`
 * and the seed is revealed with it. Bets mirror house-engine's `SeaBet`, `VnBet` and `Fast3Bet`.
 *
 * Calls marked "game session or site token" are `auth: 'optional'`: the game frame sends `X-Game-Session` (from
 * `openLotterySession`), checked in the handler; the player's own site pages the `Authorization` token.
 */

/** Which house-engine lottery a game plays. */
export const LOTTERY_KINDS = ['SEA5D', 'VN', 'FAST3'] as const;
export const LotteryKind = Type.Enum(LOTTERY_KINDS);
export type LotteryKind = Static<typeof LotteryKind>;

/** Spec §3 product config `prizeModes`: SEA → 'SEA', VN → 'Lott', the electronic lottery → 'Elott'. */
export const LotteryPrizeMode = Type.Enum(['SEA', 'Lott', 'Elott'] as const);
export type LotteryPrizeMode = Static<typeof LotteryPrizeMode>;

const GameCode = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'Catalogue game code, e.g. TS_ELOTT_1M' });
const Digit = Type.Integer({ minimum: 0, maximum: 9 });
const Digits = (n: number) => Type.String({ pattern: `^[0-9]{${n}}$`, description: `${n} digits, leading zeros kept` });
const Position = Type.Integer({ minimum: 0, maximum: 4, description: '0 = A … 4 = E' });
const BigSmall = Type.Union([Type.Literal('big'), Type.Literal('small')]);
const OddEven = Type.Union([Type.Literal('odd'), Type.Literal('even')]);
const Face = Type.Integer({ minimum: 1, maximum: 6 });
const strict = { additionalProperties: false } as const;

/** SEA 5D bets (house-engine `SeaBet`). */
export const SeaBet = Type.Union([
  Type.Object({ type: Type.Literal('digit'), position: Position, digit: Digit }, strict),
  Type.Object({ type: Type.Literal('bigSmall'), position: Position, pick: BigSmall }, strict),
  Type.Object({ type: Type.Literal('oddEven'), position: Position, pick: OddEven }, strict),
  Type.Object({ type: Type.Literal('sumBigSmall'), pick: BigSmall }, strict),
  Type.Object({ type: Type.Literal('sumOddEven'), pick: OddEven }, strict),
  Type.Object({ type: Type.Literal('last2'), number: Digits(2) }, strict),
  Type.Object({ type: Type.Literal('last3'), number: Digits(3) }, strict),
]);
export type SeaBet = Static<typeof SeaBet>;

/** VN northern-sheet bets (house-engine `VnBet`): lô pays per matching number on the sheet. */
export const VnBet = Type.Union([
  Type.Object({ type: Type.Literal('lo2'), number: Digits(2) }, strict),
  Type.Object({ type: Type.Literal('lo3'), number: Digits(3) }, strict),
  Type.Object({ type: Type.Literal('de2'), number: Digits(2) }, strict),
  Type.Object({ type: Type.Literal('de3'), number: Digits(3) }, strict),
  Type.Object({ type: Type.Literal('head'), digit: Digit }, strict),
  Type.Object({ type: Type.Literal('tail'), digit: Digit }, strict),
]);
export type VnBet = Static<typeof VnBet>;

/** Fast 3 bets (house-engine `Fast3Bet`): big/small and odd/even lose on any triple. */
export const Fast3Bet = Type.Union([
  Type.Object({ type: Type.Literal('bigSmall'), pick: BigSmall }, strict),
  Type.Object({ type: Type.Literal('oddEven'), pick: OddEven }, strict),
  Type.Object({ type: Type.Literal('sum'), sum: Type.Integer({ minimum: 4, maximum: 17 }) }, strict),
  Type.Object({ type: Type.Literal('anyTriple') }, strict),
  Type.Object({ type: Type.Literal('triple'), face: Face }, strict),
]);
export type Fast3Bet = Static<typeof Fast3Bet>;

/** Any lottery's bet; the server checks it belongs to the slip's game with house-engine's validators. */
export const LotteryBet = Type.Union([SeaBet, VnBet, Fast3Bet]);
export type LotteryBet = Static<typeof LotteryBet>;

export const SeaResult = Type.Object({ digits: Type.Array(Digit, { description: 'A–E' }) });
export const VnResult = Type.Object({
  prizes: Type.Array(
    Type.Object({
      tier: Type.Enum(['special', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'] as const),
      numbers: Type.Array(Type.String()),
    }),
    { description: 'The sheet in print order (special first)' },
  ),
});
export const Fast3Result = Type.Object({ dice: Type.Array(Face, { minItems: 3, maxItems: 3 }) });
export const LotteryResult = Type.Union([SeaResult, VnResult, Fast3Result]);
export type LotteryResult = Static<typeof LotteryResult>;

export const LotteryOdds = Type.Object({
  type: Type.String({ description: 'Bet type, e.g. bigSmall, lo2, sum' }),
  sum: Type.Optional(Type.Integer({ description: 'Fast 3 sum bets only: the sum these odds are for' })),
  odds100: Type.Integer({ description: 'Total returned per hit (stake included) × 100: 196 means 1.96' }),
});

export const LotteryLimits = Type.Object({
  minStake: MinorAmount,
  maxStake: MinorAmount,
  maxBetsPerSlip: Type.Integer(),
});

export const LotteryGame = Type.Object({
  gameCode: GameCode,
  vendor: Type.String({ description: 'TESSERA_LOTT or TESSERA_ELOTT' }),
  category: Type.Enum(['LOTT', 'ELOTT'] as const),
  kind: LotteryKind,
  prizeMode: LotteryPrizeMode,
  /** Seconds between draws; null for the once-a-day VN draw (see dailyAt). */
  intervalSeconds: Type.Union([Type.Integer(), Type.Null()]),
  dailyAt: Type.Union([Type.String({ description: 'HH:mm in timeZone' }), Type.Null()]),
  timeZone: Type.String({ description: 'IANA zone of the draw numbers (numero dates)' }),
  cutoffSeconds: Type.Integer({ description: 'Bets close this long before the draw' }),
  limits: LotteryLimits,
  odds: Type.Array(LotteryOdds),
});
export type LotteryGame = Static<typeof LotteryGame>;

/** open: taking bets; closed: past its cut-off, not drawn yet; drawn: result published, paying; settled: every ticket paid or lost; void: cancelled, stakes refunded. */
export const DrawStatus = Type.Enum(['open', 'closed', 'drawn', 'settled', 'void'] as const);
export type DrawStatus = Static<typeof DrawStatus>;

export const LotteryDraw = Type.Object({
  drawId: RowId,
  gameCode: GameCode,
  kind: LotteryKind,
  numero: Type.String({ description: 'Draw number shown to players, e.g. 202611210845 (date in the game zone + sequence)' }),
  drawAt: Type.Integer({ description: 'Epoch ms' }),
  closeAt: Type.Integer({ description: 'Epoch ms: bets are refused from here on' }),
  status: DrawStatus,
  commitment: Type.String({ description: 'SHA-256 (hex) of the draw seed bytes, published before the draw opens' }),
  clientSeed: Type.String({ description: 'The FairStream client seed of this draw: `<gameCode>:<numero>`, nonce 0' }),
  serverSeed: Type.Union([Type.String({ pattern: '^[0-9a-f]{64}$' }), Type.Null()], { description: 'Revealed with the result' }),
  result: Type.Union([LotteryResult, Type.Null()]),
  winningNumber: Type.Union([Type.String(), Type.Null()], {
    description: 'The result in one line: SEA the five digits, VN the special prize, Fast 3 the dice joined by commas',
  }),
  drawnAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type LotteryDraw = Static<typeof LotteryDraw>;

/** open: waiting for its draw; won / lost: settled; void: the draw was cancelled and the stake refunded. */
export const TicketStatus = Type.Enum(['open', 'won', 'lost', 'void'] as const);
export type TicketStatus = Static<typeof TicketStatus>;

export const LotteryTicket = Type.Object({
  ticketId: RowId,
  slipId: RowId,
  drawId: RowId,
  numero: Type.String(),
  gameCode: GameCode,
  bet: LotteryBet,
  stake: MinorAmount,
  odds100: Type.Integer(),
  status: TicketStatus,
  payout: MinorAmount,
  hits: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Times the bet won (VN lô can win more than once); null while open',
  }),
  playMoney: Type.Boolean(),
  createdAt: Type.Integer({ description: 'Epoch ms' }),
  settledAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type LotteryTicket = Static<typeof LotteryTicket>;

export const LotterySlip = Type.Object({
  slipId: RowId,
  clientSlipId: Type.String(),
  drawId: RowId,
  numero: Type.String(),
  gameCode: GameCode,
  totalStake: MinorAmount,
  createdAt: Type.Integer(),
  tickets: Type.Array(LotteryTicket),
});
export type LotterySlip = Static<typeof LotterySlip>;

const Page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({ content: Type.Array(item), page: Type.Integer(), size: Type.Integer(), total: Type.Integer() });
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
};

export const LotterySession = Type.Object({
  sessionToken: Type.String({ description: 'Send as the x-game-session header' }),
  expiresAt: Type.Integer({ description: 'Epoch ms' }),
  merchantCode: Type.String({ description: 'Send as the Merchant header' }),
  gameCode: GameCode,
  game: LotteryGame,
  balance: MinorAmount,
  playMoney: Type.Boolean(),
  currency: Currency,
});
export type LotterySession = Static<typeof LotterySession>;

export const openLotterySession = defineCall(routes.openLotterySession, {
  tags: ['lottery'],
  summary: 'Exchange a lottery launch ticket (one use, 60 s) for a game session: the game, its limits and odds, balance',
  body: Type.Object({ ticket: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }, strict),
  value: LotterySession,
});

export const listLotteryGames = defineCall(routes.listLotteryGames, {
  tags: ['lottery'],
  summary: "The merchant's playable lottery games: schedule, cut-off, stake limits and odds",
  value: Type.Object({ games: Type.Array(LotteryGame) }),
});

export const getCurrentDraw = defineCall(routes.getCurrentDraw, {
  tags: ['lottery'],
  summary: 'The draw taking bets (with its commitment), the one after it and the latest result, plus the server clock',
  querystring: Type.Object({ gameCode: GameCode }, strict),
  value: Type.Object({
    open: Type.Union([LotteryDraw, Type.Null()], { description: 'null between a cut-off and the next draw opening' }),
    next: Type.Union([LotteryDraw, Type.Null()]),
    last: Type.Union([LotteryDraw, Type.Null()], { description: 'The latest drawn draw, with result and revealed seed' }),
    serverTime: Type.Integer({ description: 'Epoch ms: clients count down against this, not their own clock' }),
  }),
});

export const listLotteryResults = defineCall(routes.listLotteryResults, {
  tags: ['lottery'],
  summary: 'Results history of a game, newest first, with each revealed draw seed',
  querystring: Type.Object({ gameCode: GameCode, ...Paging }, strict),
  value: Page(LotteryDraw),
});

export const getLotteryDraw = defineCall(routes.getLotteryDraw, {
  tags: ['lottery'],
  summary: 'One draw by id (the betting record links here to verify a ticket): seed and result once drawn',
  querystring: Type.Object({ drawId: RowId }, strict),
  value: LotteryDraw,
});

export const SlipBody = Type.Object(
  {
    gameCode: GameCode,
    drawId: RowId,
    clientSlipId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Client-chosen id: repeating it answers the same slip and never debits twice',
    }),
    bets: Type.Array(Type.Object({ bet: LotteryBet, stake: PositiveMinorAmount }, strict), { minItems: 1, maxItems: 50 }),
  },
  strict,
);
export type SlipBody = Static<typeof SlipBody>;

export const placeLotterySlip = defineCall(routes.placeLotterySlip, {
  tags: ['lottery'],
  summary:
    'Game session or site token. Buy a slip of one or more tickets for an open draw: one debit of the total stake. Refused after the cut-off (lottery.draw.closed)',
  body: SlipBody,
  value: Type.Object({ slip: LotterySlip, balance: MinorAmount, replayed: Type.Boolean() }),
});

export const listLotteryTickets = defineCall(routes.listLotteryTickets, {
  tags: ['lottery'],
  summary: "Game session or site token. The member's own tickets, newest first: open ones, settled ones, or both",
  querystring: Type.Object(
    {
      gameCode: Type.Optional(GameCode),
      drawId: Type.Optional(RowId),
      status: Type.Optional(Type.Enum(['open', 'settled', 'all'] as const, { default: 'all' })),
      ...Paging,
    },
    strict,
  ),
  value: Page(LotteryTicket),
});

// --- spec §7.3 lottery reads ---

export const LotteryMenuItem = Type.Object({
  gameCode: GameCode,
  gameName: Type.String({ description: 'In the Language header' }),
  vendor: Type.String(),
  category: Type.Enum(['LOTT', 'ELOTT'] as const),
  kind: LotteryKind,
  prizeMode: LotteryPrizeMode,
  icon: Type.String(),
  status: Type.Enum(['active', 'maintenance'] as const),
  numero: Type.Union([Type.String(), Type.Null()], { description: 'The draw taking bets' }),
  drawAt: Type.Union([Type.Integer(), Type.Null()]),
  closeAt: Type.Union([Type.Integer(), Type.Null()]),
  lastNumero: Type.Union([Type.String(), Type.Null()]),
  lastWinningNumber: Type.Union([Type.String(), Type.Null()]),
});
export type LotteryMenuItem = Static<typeof LotteryMenuItem>;

const MenuQuery = Type.Object(
  { prizeMode: Type.Optional(LotteryPrizeMode), language: Type.Optional(Type.String({ maxLength: 10 })) },
  strict,
);

export const lotteryGameMenu = defineCall(routes.lotteryGameMenu, {
  tags: ['lottery'],
  summary: "Lottery menu: the merchant's lottery games with the draw taking bets and the latest result",
  querystring: MenuQuery,
  value: Type.Object({ list: Type.Array(LotteryMenuItem) }),
});

export const recentLotteryGameMenu = defineCall(routes.recentLotteryGameMenu, {
  tags: ['lottery'],
  summary: "The member's recently played lottery games (latest ticket first), as menu items",
  querystring: MenuQuery,
  value: Type.Object({ list: Type.Array(LotteryMenuItem) }),
});

const openedNumeroFields = {
  gameCode: GameCode,
  drawId: RowId,
  numero: Type.String(),
  openTime: Type.Integer({ description: 'Epoch ms of the draw' }),
  winningNumber: Type.String(),
  result: LotteryResult,
};
export const OpenedNumero = Type.Object(openedNumeroFields);
export type OpenedNumero = Static<typeof OpenedNumero>;

export const openedNumerosOfGame = defineCall(routes.openedNumerosOfGame, {
  tags: ['lottery'],
  summary: 'The latest drawn numbers of one lottery game, newest first (count defaults to 100)',
  querystring: Type.Object(
    { gameCode: GameCode, count: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 100 })) },
    strict,
  ),
  value: Type.Object({ list: Type.Array(OpenedNumero) }),
});

export const latestOpenedNumeros = defineCall(routes.latestOpenedNumeros, {
  tags: ['lottery'],
  summary: 'The latest drawn number of every lottery game (or of one), with the next draw',
  querystring: Type.Object({ gameCode: Type.Optional(GameCode) }, strict),
  value: Type.Object({
    list: Type.Array(
      Type.Object({
        ...openedNumeroFields,
        nextNumero: Type.Union([Type.String(), Type.Null()]),
        nextDrawAt: Type.Union([Type.Integer(), Type.Null()]),
      }),
    ),
  }),
});

export const lotteryCalls = [
  openLotterySession,
  listLotteryGames,
  getCurrentDraw,
  listLotteryResults,
  getLotteryDraw,
  placeLotterySlip,
  listLotteryTickets,
  lotteryGameMenu,
  recentLotteryGameMenu,
  openedNumerosOfGame,
  latestOpenedNumeros,
];
