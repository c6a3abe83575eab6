import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { HouseOpenRoundTable, HouseRoundTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An open mines round with the seed that placed its mines (the server seed never leaves the server while open). */
export type OpenRoundRow = NonNullable<Awaited<ReturnType<typeof selectOpenRound>>>;

const openRounds = (db: Db) =>
  db
    .selectFrom('house_open_rounds as o')
    .innerJoin('house_seeds as s', 's.id', 'o.seed_id')
    .select([
      'o.id',
      'o.merchant_code',
      'o.member_id',
      'o.game_code',
      'o.engine_game',
      'o.seed_id',
      'o.client_seed',
      'o.nonce',
      'o.bet',
      'o.play_money',
      'o.client_round_id',
      'o.mines',
      'o.picks',
      'o.hold_transfer_id',
      'o.shard',
      's.server_seed',
      's.commitment',
    ]);

/** The member's open round of a game; `lock`: FOR UPDATE OF the open round (a reveal or cash-out settles it once). */
export function selectOpenRound(db: Db, merchant: string, memberId: bigint, gameCode: string, lock = false) {
  const query = openRounds(db)
    .where('o.merchant_code', '=', merchant)
    .where('o.member_id', '=', memberId)
    .where('o.game_code', '=', gameCode);
  return (lock ? query.forUpdate('o') : query).executeTakeFirst();
}

export async function nextRoundId(trx: Transaction<Database>): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`SELECT nextval('house_rounds_id_seq')::int8 AS id`.execute(trx);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('house_rounds_id_seq answered nothing');
  return BigInt(id);
}

/** Takes the seed's next nonce for the round (the caller holds the seed row's lock). */
export async function takeNonce(trx: Transaction<Database>, seedId: bigint): Promise<void> {
  await trx
    .updateTable('house_seeds')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1n) }))
    .where('id', '=', seedId)
    .execute();
}

export async function insertOpenRound(trx: Transaction<Database>, row: Insertable<HouseOpenRoundTable>): Promise<void> {
  await trx.insertInto('house_open_rounds').values(row).execute();
}

export async function setPicks(trx: Transaction<Database>, id: bigint, picks: readonly number[]): Promise<void> {
  await trx
    .updateTable('house_open_rounds')
    .set({ picks: JSON.stringify(picks) })
    .where('id', '=', id)
    .execute();
}

export async function deleteOpenRound(trx: Transaction<Database>, id: bigint): Promise<void> {
  await trx.deleteFrom('house_open_rounds').where('id', '=', id).execute();
}

/** Whether a round is open on this seed: its server seed may not be revealed before the round ends. */
export async function hasOpenRoundOnSeed(db: Db, seedId: bigint): Promise<boolean> {
  const row = await db.selectFrom('house_open_rounds').select('id').where('seed_id', '=', seedId).executeTakeFirst();
  return row !== undefined;
}

export async function insertSettledRound(trx: Transaction<Database>, row: Insertable<HouseRoundTable>): Promise<void> {
  await trx.insertInto('house_rounds').values(row).execute();
}
