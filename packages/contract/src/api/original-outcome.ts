import { type Static, Type } from 'typebox';

/*
 * An instant game's round as stored and answered (packages/house-engine/src/originals): the player's choice, what
 * the round's stream drew and whether it won. Multipliers are integers: dice and mines in ten-thousandths, limbo
 * and the wheel in hundredths.
 */

export const DiceOutcome = Type.Object({
  game: Type.Literal('dice'),
  target: Type.Integer({ description: 'Hundredths: 5050 is 50.50' }),
  direction: Type.Union([Type.Literal('over'), Type.Literal('under')]),
  roll: Type.Integer({ minimum: 0, maximum: 9999, description: 'Hundredths, 0.00–99.99' }),
  multiplier: Type.Integer({ description: 'Ten-thousandths of the bet returned on a win (19800 = ×1.98)' }),
  won: Type.Boolean(),
});

export const LimboOutcome = Type.Object({
  game: Type.Literal('limbo'),
  target: Type.Integer({ description: 'The multiplier aimed at, in hundredths (250 = ×2.50)' }),
  result: Type.Integer({ description: 'The drawn multiplier, in hundredths' }),
  won: Type.Boolean(),
});

export const WheelOutcome = Type.Object({
  game: Type.Literal('wheel'),
  risk: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
  segments: Type.Integer(),
  segment: Type.Integer({ description: 'The segment the pointer stopped on, 0 = the top at rest, clockwise' }),
  multiplier: Type.Integer({ description: 'Hundredths of the bet' }),
});

export const MinesOutcome = Type.Object({
  game: Type.Literal('mines'),
  mines: Type.Integer({ minimum: 1, maximum: 24 }),
  picks: Type.Array(Type.Integer({ minimum: 0, maximum: 24 }), {
    description: 'The tiles revealed in order (0 = top left, row by row); on a loss the last is the mine',
  }),
  mineTiles: Type.Array(Type.Integer({ minimum: 0, maximum: 24 }), { description: 'Where the mines lay, ascending' }),
  hit: Type.Boolean({ description: 'A pick found a mine: the round paid nothing' }),
  multiplier: Type.Integer({ description: 'Ten-thousandths of the bet paid (0 on a hit)' }),
});

export const OriginalOutcome = Type.Union([DiceOutcome, LimboOutcome, WheelOutcome, MinesOutcome]);
export type OriginalOutcome = Static<typeof OriginalOutcome>;
