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

const OriginalGame = Type.Union([Type.Literal('dice'), Type.Literal('limbo'), Type.Literal('wheel')]);

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
