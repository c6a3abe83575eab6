import { type Static, Type } from 'typebox';
import * as routes from '../routes/house-originals.js';
import { defineCall } from './call.js';
import { Currency, Fairness, OriginalRound } from './house-games.js';
import { MinorAmount, PositiveMinorAmount } from './money.js';

/*
 * The instant games ("originals": dice, limbo, the wheel) of the house vendor: the same launch ticket, game
 * session, provably fair seeds, ledger path and round verification as the slots (api/house-games.ts), with a
 * choice beside the stake. Rules and house edges: packages/house-engine/README.md "Instant games".
 */

const OriginalGame = Type.Union([Type.Literal('dice'), Type.Literal('limbo'), Type.Literal('wheel'), Type.Literal('mines')]);

export const OriginalSession = Type.Object({
  sessionToken: Type.String({ description: 'Send as the x-game-session header' }),
  expiresAt: Type.Integer({ description: 'Epoch ms' }),
  merchantCode: Type.String({ description: 'Send as the Merchant header' }),
  gameCode: Type.String(),
  game: OriginalGame,
  houseEdge: Type.Number({ description: 'The published house edge, e.g. 0.01 (every choice returns 1 − edge)' }),
  limits: Type.Object({ minBet: MinorAmount, maxBet: MinorAmount }),
  balance: MinorAmount,
  playMoney: Type.Boolean(),
  currency: Currency,
  fairness: Fairness,
  minRoundMs: Type.Integer({ description: "The shortest round where the merchant's licence sets one; 0: none" }),
  autoBet: Type.Object({
    allowed: Type.Boolean({ description: "False where the merchant's market forbids auto-play" }),
    maxRounds: Type.Integer({ description: 'The most rounds one auto-bet run may play (never unbounded)' }),
  }),
});
export type OriginalSession = Static<typeof OriginalSession>;

export const openOriginalSession = defineCall(routes.openOriginalSession, {
  tags: ['house-games'],
  summary:
    'Exchange a launch ticket (one use, 60 s) for an instant game session: game, house edge, bet limits, balance and fairness',
  body: Type.Object({ ticket: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }, { additionalProperties: false }),
  value: OriginalSession,
});

export const OriginalChoice = Type.Union([
  Type.Object(
    {
      game: Type.Literal('dice'),
      target: Type.Integer({ minimum: 1, maximum: 9998, description: 'Hundredths; the chance must be 1 %–98 %' }),
      direction: Type.Union([Type.Literal('over'), Type.Literal('under')]),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { game: Type.Literal('limbo'), target: Type.Integer({ minimum: 101, maximum: 1_000_000, description: 'Hundredths' }) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      game: Type.Literal('wheel'),
      risk: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
      segments: Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(30), Type.Literal(40), Type.Literal(50)]),
    },
    { additionalProperties: false },
  ),
]);
export type OriginalChoice = Static<typeof OriginalChoice>;

export const PlayOriginalBody = Type.Object(
  {
    gameCode: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
    bet: PositiveMinorAmount,
    clientRoundId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Client-chosen id: repeating it answers the same round and never bets twice',
    }),
    choice: OriginalChoice,
    auto: Type.Optional(Type.Boolean({ description: 'A round of an auto-bet run: refused where the market forbids auto-play' })),
  },
  { additionalProperties: false },
);
export type PlayOriginalBody = Static<typeof PlayOriginalBody>;

export const playOriginal = defineCall(routes.playOriginal, {
  tags: ['house-games'],
  summary:
    'Game session or site token. One instant game round: debit the bet, play it from the server seed, client seed and nonce, credit the win',
  body: PlayOriginalBody,
  value: Type.Object({ round: OriginalRound, balance: MinorAmount, replayed: Type.Boolean() }),
});

const GameCode = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });
const Tile = Type.Integer({ minimum: 0, maximum: 24, description: '0 = top left, row by row' });

/** A mines round between its bet and its end: kept on the server, so a reload resumes it. */
export const OpenMinesRound = Type.Object({
  roundId: Type.String({ description: 'The id the settled round keeps (betting record, verify)' }),
  gameCode: Type.String(),
  bet: MinorAmount,
  mines: Type.Integer(),
  picks: Type.Array(Tile, { description: 'The safe tiles revealed so far, in order' }),
  multiplier: Type.Integer({ description: 'Ten-thousandths of the bet a cash-out pays now (0 before the first reveal)' }),
  nextMultiplier: Type.Union([Type.Integer(), Type.Null()], { description: 'After one more safe tile; null at the last' }),
  maxPicks: Type.Integer({ description: 'The most safe tiles this round reveals (it cashes out by itself there)' }),
  commitment: Type.String({ description: 'The committed server seed the mines were placed from' }),
  clientSeed: Type.String(),
  nonce: Type.Integer({ minimum: 0 }),
});
export type OpenMinesRound = Static<typeof OpenMinesRound>;

/** Where a mines call leaves the player: the round still open, or settled (`round`), and the playable balance. */
export const MinesAnswer = Type.Object({
  open: Type.Union([OpenMinesRound, Type.Null()]),
  round: Type.Union([OriginalRound, Type.Null()], { description: 'The settled round, after a mine or a cash-out' }),
  balance: MinorAmount,
});
export type MinesAnswer = Static<typeof MinesAnswer>;

export const StartMinesBody = Type.Object(
  {
    gameCode: GameCode,
    bet: PositiveMinorAmount,
    mines: Type.Integer({ minimum: 1, maximum: 24 }),
    clientRoundId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Client-chosen id: repeating it answers the same round and never bets twice',
    }),
  },
  { additionalProperties: false },
);
export type StartMinesBody = Static<typeof StartMinesBody>;

export const startMines = defineCall(routes.startMines, {
  tags: ['house-games'],
  summary:
    'Game session or site token. Opens a mines round: holds the bet and fixes the mines from the server seed, client seed and next nonce',
  body: StartMinesBody,
  value: MinesAnswer,
});

export const RevealMineBody = Type.Object(
  { gameCode: GameCode, roundId: Type.String({ pattern: '^[0-9]{1,19}$' }), tile: Tile },
  { additionalProperties: false },
);
export type RevealMineBody = Static<typeof RevealMineBody>;

export const revealMine = defineCall(routes.revealMine, {
  tags: ['house-games'],
  summary:
    'Game session or site token. Reveals a tile of the open mines round: a mine settles it (no win), the last safe tile cashes out',
  body: RevealMineBody,
  value: MinesAnswer,
});

export const CashOutMinesBody = Type.Object(
  { gameCode: GameCode, roundId: Type.String({ pattern: '^[0-9]{1,19}$' }) },
  { additionalProperties: false },
);

export const cashOutMines = defineCall(routes.cashOutMines, {
  tags: ['house-games'],
  summary:
    'Game session or site token. Settles the open mines round at its multiplier: the bet and the win through the ledger, once',
  body: CashOutMinesBody,
  value: MinesAnswer,
});

export const openMinesRound = defineCall(routes.openMinesRound, {
  tags: ['house-games'],
  summary: "Game session or site token. The member's open mines round of this game, if any (a reload resumes it)",
  querystring: Type.Object({ gameCode: GameCode }, { additionalProperties: false }),
  value: MinesAnswer,
});
