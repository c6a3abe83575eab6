import { type Static, type TSchema, Type } from 'typebox';
import * as routes from '../routes/house-games.js';
import { defineCall } from './call.js';
import { MinorAmount, PositiveMinorAmount } from './money.js';
import { OriginalOutcome } from './original-outcome.js';
import { RowId } from './row-id.js';

/**
 * The house vendor's game calls (issue 6): the game client opened in the /game frame exchanges its launch
 * ticket for a game session and plays with it; the player's site pages (betting record, verify) call the same
 * fairness and verify calls with the site token. Every call except the exchange needs one of the two: the
 * `X-Game-Session` header (checked by the handler) or the `Authorization` header (`auth: 'optional'`). Provably fair scheme: packages/house-engine/README.md.
 */

/** The game client's credential: never the player's site token. */
export const GAME_SESSION_HEADER = 'x-game-session';

const ServerSeedHex = Type.String({ pattern: '^[0-9a-f]{64}$' });
export const ClientSeed = Type.String({ pattern: '^[\\x21-\\x7e]{1,64}$', description: '1–64 printable ASCII characters' });
const GameCode = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'Catalogue game code, e.g. TS_LOTUS_FORTUNE' });

export const Fairness = Type.Object({
  commitment: Type.String({ description: 'SHA-256 of the active server seed (hex), published before play' }),
  clientSeed: Type.String(),
  nextNonce: Type.Integer({ minimum: 0, description: 'The nonce of the next round under this server seed' }),
});
export type Fairness = Static<typeof Fairness>;

export const RevealedSeed = Type.Object({
  serverSeed: ServerSeedHex,
  commitment: Type.String(),
  clientSeed: Type.String(),
  rounds: Type.Integer({ minimum: 0, description: 'Rounds played under this seed (nonces 0 … rounds−1)' }),
});
export type RevealedSeed = Static<typeof RevealedSeed>;

const PaytableSymbol = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('regular'), Type.Literal('wild'), Type.Literal('scatter')]),
  pays: Type.Array(Type.Object({ count: Type.Integer(), pays: Type.Integer() })),
  basis: Type.Union([Type.Literal('lineBet'), Type.Literal('totalBet')]),
  substitutesFor: Type.Array(Type.String()),
});

export const Paytable = Type.Object({
  gameId: Type.String(),
  reels: Type.Integer(),
  rows: Type.Integer(),
  paylines: Type.Array(Type.Array(Type.Integer())),
  betMultipleOf: Type.Integer(),
  rtp: Type.Number({ description: 'Theoretical return to player, e.g. 0.96402' }),
  symbols: Type.Array(PaytableSymbol),
  freeSpins: Type.Union([
    Type.Object({
      minScatters: Type.Integer(),
      spins: Type.Integer(),
      multiplier: Type.Integer(),
      retrigger: Type.Optional(
        Type.Object(
          { minScatters: Type.Integer(), spins: Type.Integer(), maxSpins: Type.Integer() },
          { description: 'Scatters in a free spin that add more spins, up to maxSpins in one feature' },
        ),
      ),
    }),
    Type.Null(),
  ]),
});
export type Paytable = Static<typeof Paytable>;

export const BetLimits = Type.Object({ minBet: MinorAmount, maxBet: MinorAmount, multipleOf: Type.Integer() });
export type BetLimits = Static<typeof BetLimits>;

const SpinView = Type.Object({
  stops: Type.Array(Type.Integer()),
  grid: Type.Array(Type.Array(Type.String()), { description: 'grid[reel][row], symbol ids' }),
  lineWins: Type.Array(
    Type.Object({
      line: Type.Integer(),
      symbol: Type.String(),
      count: Type.Integer(),
      pays: Type.Integer(),
      amount: MinorAmount,
    }),
  ),
  scatterWin: Type.Union([Type.Object({ count: Type.Integer(), pays: Type.Integer(), amount: MinorAmount }), Type.Null()]),
  multiplier: Type.Integer(),
  win: MinorAmount,
});

export const SlotOutcome = Type.Object({
  lineBet: MinorAmount,
  base: SpinView,
  freeSpins: Type.Array(SpinView),
  totalWin: MinorAmount,
});
export type SlotOutcome = Static<typeof SlotOutcome>;

const houseRound = <T extends TSchema>(outcome: T) =>
  Type.Object({
    roundId: RowId,
    gameCode: Type.String(),
    engineGame: Type.String({ description: 'The house-engine game, e.g. lotus-fortune or dice' }),
    bet: MinorAmount,
    win: MinorAmount,
    playMoney: Type.Boolean(),
    commitment: Type.String(),
    clientSeed: Type.String(),
    nonce: Type.Integer({ minimum: 0 }),
    time: Type.Integer({ description: 'Epoch ms' }),
    outcome,
  });

/** A slot round. */
export const HouseRound = houseRound(SlotOutcome);
export type HouseRound = Static<typeof HouseRound>;

/** An instant game's round (dice, limbo, wheel). */
export const OriginalRound = houseRound(OriginalOutcome);
export type OriginalRound = Static<typeof OriginalRound>;

/** Any house round: what the betting record's verify view may open. */
export const AnyHouseRound = houseRound(Type.Union([SlotOutcome, OriginalOutcome]));
export type AnyHouseRound = Static<typeof AnyHouseRound>;

export const Currency = Type.Object({ code: Type.String(), symbol: Type.String(), minorDigits: Type.Integer() });

export const HouseGameSession = Type.Object({
  sessionToken: Type.String({ description: `Send as the ${GAME_SESSION_HEADER} header` }),
  expiresAt: Type.Integer({ description: 'Epoch ms' }),
  merchantCode: Type.String({ description: 'Send as the Merchant header' }),
  gameCode: Type.String(),
  paytable: Paytable,
  limits: BetLimits,
  balance: MinorAmount,
  playMoney: Type.Boolean(),
  currency: Currency,
  fairness: Fairness,
  minSpinMs: Type.Integer({
    description:
      "The shortest round, where the merchant's licence sets one (the game states it); 0: as fast as the server answers",
  }),
});
export type HouseGameSession = Static<typeof HouseGameSession>;

export const openHouseGameSession = defineCall(routes.openHouseGameSession, {
  tags: ['house-games'],
  summary: 'Exchange a launch ticket (one use, 60 s) for a game session: game, paytable, bet limits, balance and fairness',
  body: Type.Object({ ticket: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }, { additionalProperties: false }),
  value: HouseGameSession,
});

export const SpinBody = Type.Object(
  {
    gameCode: GameCode,
    bet: PositiveMinorAmount,
    clientRoundId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Client-chosen id: repeating it answers the same round and never bets twice',
    }),
  },
  { additionalProperties: false },
);
export type SpinBody = Static<typeof SpinBody>;

export const spinSlot = defineCall(routes.spinSlot, {
  tags: ['house-games'],
  summary:
    'Game session or site token. One paid slot round: debit the bet, play it from the server seed, client seed and nonce, credit the win',
  body: SpinBody,
  value: Type.Object({ round: HouseRound, balance: MinorAmount, replayed: Type.Boolean() }),
});

export const getFairness = defineCall(routes.getFairness, {
  tags: ['house-games'],
  summary: 'Game session or site token. The active server seed commitment, client seed and next nonce',
  value: Fairness,
});

export const setClientSeed = defineCall(routes.setClientSeed, {
  tags: ['house-games'],
  summary: 'Game session or site token. Choose the client seed of the next rounds',
  body: Type.Object({ clientSeed: ClientSeed }, { additionalProperties: false }),
  value: Fairness,
});

export const rotateSeed = defineCall(routes.rotateSeed, {
  tags: ['house-games'],
  summary: 'Game session or site token. Reveal the active server seed and commit a new one (nonce back to 0)',
  body: Type.Object({ clientSeed: Type.Optional(ClientSeed) }, { additionalProperties: false }),
  value: Type.Object({ revealed: RevealedSeed, fairness: Fairness }),
});

export const RoundVerification = Type.Object({
  round: AnyHouseRound,
  serverSeed: Type.Union([ServerSeedHex, Type.Null()], { description: 'null until the seed is rotated' }),
  /** null while the seed is secret; else whether the seed matches the commitment and the replay the stored round. */
  verified: Type.Union([Type.Boolean(), Type.Null()]),
  recomputed: Type.Union([SlotOutcome, OriginalOutcome, Type.Null()]),
});
export type RoundVerification = Static<typeof RoundVerification>;

export const verifyRound = defineCall(routes.verifyRound, {
  tags: ['house-games'],
  summary: "Game session or site token. One of the member's own rounds, re-computed on the server once its seed is revealed",
  querystring: Type.Object({ roundId: RowId }),
  value: RoundVerification,
});

export const houseGameCalls = [openHouseGameSession, spinSlot, getFairness, setClientSeed, rotateSeed, verifyRound];
