import type { GameItem } from '@tessera/contract/api/catalogue';
import { FAVOURITES_MAX, RECENT_GAMES_MAX } from '@tessera/contract/api/favourites';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { CatalogueService } from '../catalogue/service.js';
import * as repo from './repo.js';

/** Names do not matter when only visibility is asked. */
const ANY_LANGUAGE = 'en';

export interface FavouriteTarget {
  nodeId: number;
  vendor?: string | undefined;
  gameType?: string | undefined;
}

/**
 * A member's favourite and recent games (spec §7.3). Rows refer to catalogue games by id; the answers list only
 * games the catalogue still shows (a retired game drops out but comes back if the operator restores it).
 */
export class FavouritesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: CatalogueService,
  ) {}

  /** Keeps the ids the catalogue still shows, in the given order. */
  private async visibleGames(db: Kysely<Database>, merchant: string, language: string, ids: bigint[]): Promise<GameItem[]> {
    const games = await this.catalogue.gamesById(merchant, language, ids, db);
    return ids.flatMap((id) => games.get(id) ?? []);
  }

  async ids(merchant: string, memberId: bigint): Promise<string[]> {
    const games = await this.visibleGames(
      this.db,
      merchant,
      ANY_LANGUAGE,
      await repo.selectFavouriteGameIds(this.db, merchant, memberId),
    );
    return games.map((game) => String(game.nodeId));
  }

  async page(merchant: string, memberId: bigint, language: string, pageNo: number, pageSize: number) {
    // At most FAVOURITES_MAX rows: paging in memory keeps the visibility rules in one place (the catalogue).
    const games = await this.visibleGames(
      this.db,
      merchant,
      language,
      await repo.selectFavouriteGameIds(this.db, merchant, memberId),
    );
    return {
      content: games.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      pageNum: pageNo,
      pageSize,
      totalPages: Math.ceil(games.length / pageSize),
      total: games.length,
    };
  }

  /** Idempotent; refuses a game the merchant does not show, and a new favourite beyond FAVOURITES_MAX. */
  async add(merchant: string, memberId: bigint, target: FavouriteTarget): Promise<string[]> {
    const gameId = BigInt(target.nodeId);
    const [game] = await this.visibleGames(this.db, merchant, ANY_LANGUAGE, [gameId]);
    // The original client also names the vendor and category; a mismatch means it points at another game.
    const matches =
      game !== undefined &&
      (target.vendor === undefined || target.vendor === game.vassalage) &&
      (target.gameType === undefined || target.gameType === game.gameType);
    if (!matches) throw new AppError('game.not.found');
    await this.db.transaction().execute(async (trx) => {
      await repo.lockMemberFavourites(trx, memberId);
      const current = await repo.selectFavouriteGameIds(trx, merchant, memberId);
      if (current.includes(gameId)) return;
      // Retired games do not hold a place: the member cannot see them to remove them.
      const shown = await this.visibleGames(trx, merchant, ANY_LANGUAGE, current);
      if (shown.length >= FAVOURITES_MAX) {
        throw new AppError('favourite.limit', {
          fields: [{ field: 'nodeId', key: 'errors.favourite_limit', params: { max: FAVOURITES_MAX } }],
        });
      }
      await repo.insertFavourite(trx, { merchant, memberId, gameId });
    });
    return this.ids(merchant, memberId);
  }

  /** Idempotent: removing a game that is not a favourite changes nothing. */
  async remove(merchant: string, memberId: bigint, nodeId: number): Promise<string[]> {
    await repo.deleteFavourite(this.db, merchant, memberId, BigInt(nodeId));
    return this.ids(merchant, memberId);
  }

  async recent(merchant: string, memberId: bigint, language: string): Promise<GameItem[]> {
    return this.visibleGames(
      this.db,
      merchant,
      language,
      await repo.selectRecentGameIds(this.db, merchant, memberId, RECENT_GAMES_MAX),
    );
  }
}

/**
 * Called by launch after a successful launch (inside its transaction when it has one): the game moves to the
 * front of the member's recent games, which keep the latest RECENT_GAMES_MAX. `gameId` is the spec's game code,
 * unique within its vendor (`vassalage`).
 */
export async function recordRecentGame(
  db: Kysely<Database>,
  launch: { merchant: string; memberId: bigint; vassalage: string; gameId: string },
): Promise<void> {
  await repo.upsertRecentGame(db, {
    merchant: launch.merchant,
    memberId: launch.memberId,
    vassalage: launch.vassalage,
    gameCode: launch.gameId,
  });
  await repo.trimRecentGames(db, launch.memberId, RECENT_GAMES_MAX);
}
