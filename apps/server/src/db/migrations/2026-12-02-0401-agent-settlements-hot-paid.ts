import { type Kysely, sql } from 'kysely';

/**
 * A settlement run inserts its statements and then marks the paid ones with their transfers (status, transfer, paid
 * at: no index holds them). In pages filled to the brim that update writes a new row version elsewhere and a new
 * entry in each of the table's six indexes; with half of each page left free it stays in the page (a HOT update) and
 * touches no index. Statements are a few rows per contract and day, so the space is cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE agent_settlements SET (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE agent_settlements RESET (fillfactor)`.execute(db);
}
