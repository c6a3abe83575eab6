import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Serialises one member's favourite changes for the rest of the transaction, so the count limit holds. */
export async function lockMemberFavourites(trx: Db, memberId: bigint): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`favourites:${memberId}`}))`.execute(trx);
}

/** Every favourite of the member in this merchant, newest first. */
export async function selectFavouriteGameIds(db: Db, merchant: string, memberId: bigint): Promise<bigint[]> {
  const rows = await db
    .selectFrom('member_favourite_games')
    .select('game_id')
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .orderBy('created_at', 'desc')
    .orderBy('game_id', 'desc')
    .execute();
  return rows.map((row) => row.game_id);
}

export async function insertFavourite(trx: Db, row: { merchant: string; memberId: bigint; gameId: bigint }): Promise<void> {
  await trx
    .insertInto('member_favourite_games')
    .values({ merchant_code: row.merchant, member_id: row.memberId, game_id: row.gameId })
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

export async function deleteFavourite(db: Db, merchant: string, memberId: bigint, gameId: bigint): Promise<void> {
  await db
    .deleteFrom('member_favourite_games')
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .where('game_id', '=', gameId)
    .execute();
}

/**
 * Moves the game (by vendor and game code, as launch knows it) to the front of the member's recent games;
 * a code the merchant's catalogue does not have records nothing.
 */
export async function upsertRecentGame(
  db: Db,
  row: { merchant: string; memberId: bigint; vassalage: string; gameCode: string },
): Promise<void> {
  await db
    .insertInto('member_recent_games')
    .columns(['member_id', 'game_id', 'merchant_code'])
    .expression((eb) =>
      eb
        .selectFrom('catalogue_games as g')
        .innerJoin('catalogue_vendors as v', 'v.id', 'g.vendor_id')
        .select([sql<bigint>`${row.memberId}::bigint`.as('member_id'), 'g.id', 'g.merchant_code'])
        .where('g.merchant_code', '=', row.merchant)
        .where('v.vassalage', '=', row.vassalage)
        .where('g.game_code', '=', row.gameCode),
    )
    .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: sql<Date>`clock_timestamp()` }))
    .execute();
}

/** Drops the member's recent games beyond the latest `keep`. */
export async function trimRecentGames(db: Db, memberId: bigint, keep: number): Promise<void> {
  await db
    .deleteFrom('member_recent_games')
    .where('member_id', '=', memberId)
    .where('game_id', 'not in', (eb) =>
      eb
        .selectFrom('member_recent_games')
        .select('game_id')
        .where('member_id', '=', memberId)
        .orderBy('played_at', 'desc')
        .orderBy('game_id', 'desc')
        .limit(keep),
    )
    .execute();
}

export async function selectRecentGameIds(db: Db, merchant: string, memberId: bigint, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('member_recent_games')
    .select('game_id')
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .orderBy('played_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_id);
}
