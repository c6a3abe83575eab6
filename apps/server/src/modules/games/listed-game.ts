import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { selectLaunchGame } from './repo.js';

/**
 * A game as the merchant's catalogue lists it (its status and its vendor's), or undefined: the house vendors ask
 * it before taking a bet, as launch does before opening a game.
 */
export const listedGame = (db: Kysely<Database>, merchant: string, vassalage: string, gameCode: string) =>
  selectLaunchGame(db, merchant, vassalage, gameCode);
