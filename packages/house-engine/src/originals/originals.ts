// The instant games ("originals"): one bet shape, one play function and one settlement for dice, limbo, the
// wheel and mines (whose choice is the tiles revealed, in order), so the server, the game page's verify view and the bench run the same code.
import type { RandomSource } from '../rng/fair.js';
import { DICE_HOUSE_EDGE, type DiceDirection, type DiceOutcome, diceWin, isValidDiceBet, playDice } from './dice.js';
import { isValidLimboTarget, LIMBO_HOUSE_EDGE, type LimboOutcome, limboWin, playLimbo } from './limbo.js';
import { isValidMinesPicks, MINES_HOUSE_EDGE, type MinesOutcome, minesWin, playMines } from './mines.js';
import { isValidWheel, playWheel, WHEEL_HOUSE_EDGE, type WheelOutcome, type WheelRisk, wheelWin } from './wheel.js';

export const ORIGINAL_GAMES = ['dice', 'limbo', 'wheel', 'mines'] as const;
export type OriginalGame = (typeof ORIGINAL_GAMES)[number];

/** The published house edge of each game (the return to player is 1 − edge for every choice of the player's). */
export const HOUSE_EDGE: Record<OriginalGame, number> = {
  dice: DICE_HOUSE_EDGE,
  limbo: LIMBO_HOUSE_EDGE,
  wheel: WHEEL_HOUSE_EDGE,
  mines: MINES_HOUSE_EDGE,
};

/** What the player chooses besides the stake. */
export type OriginalChoice =
  | { game: 'dice'; target: number; direction: DiceDirection }
  | { game: 'limbo'; target: number }
  | { game: 'wheel'; risk: WheelRisk; segments: number }
  | { game: 'mines'; mines: number; picks: number[] };

export type OriginalOutcome = DiceOutcome | LimboOutcome | WheelOutcome | MinesOutcome;

export const isOriginalGame = (id: string): id is OriginalGame => (ORIGINAL_GAMES as readonly string[]).includes(id);

export function isValidChoice(choice: OriginalChoice): boolean {
  switch (choice.game) {
    case 'dice':
      return isValidDiceBet(choice);
    case 'limbo':
      return isValidLimboTarget(choice.target);
    case 'wheel':
      return isValidWheel(choice.risk, choice.segments);
    case 'mines':
      return Array.isArray(choice.picks) && isValidMinesPicks(choice.mines, choice.picks);
    default:
      return false;
  }
}

/** One round: the game draws from the round's stream (dice, limbo and the wheel one integer, mines one per mine). */
export function playOriginal(source: RandomSource, choice: OriginalChoice): OriginalOutcome {
  switch (choice.game) {
    case 'dice':
      return playDice(source, choice);
    case 'limbo':
      return playLimbo(source, choice.target);
    case 'wheel':
      return playWheel(source, choice.risk, choice.segments);
    case 'mines':
      return playMines(source, choice.mines, choice.picks);
  }
}

/** What a round pays for `stake` (minor units), rounded down to the minor unit; 0 on a loss. */
export function originalWin(outcome: OriginalOutcome, stake: bigint): bigint {
  switch (outcome.game) {
    case 'dice':
      return diceWin(outcome, stake);
    case 'limbo':
      return limboWin(outcome, stake);
    case 'wheel':
      return wheelWin(outcome, stake);
    case 'mines':
      return minesWin(outcome, stake);
  }
}

/** The choice a stored outcome was played with: a retried round must ask for the same one. */
export function choiceOf(outcome: OriginalOutcome): OriginalChoice {
  switch (outcome.game) {
    case 'dice':
      return { game: 'dice', target: outcome.target, direction: outcome.direction };
    case 'limbo':
      return { game: 'limbo', target: outcome.target };
    case 'wheel':
      return { game: 'wheel', risk: outcome.risk, segments: outcome.segments };
    case 'mines':
      return { game: 'mines', mines: outcome.mines, picks: [...outcome.picks] };
  }
}
