import { type Kysely, sql } from 'kysely';

/**
 * The winners board (modules/winners) reads real-money wins from each game source, newest or biggest first,
 * one merchant at a time. Partial indexes hold only the winning, real-money rows, so a board reads a few
 * index pages however many losing or play-money rounds there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX house_rounds_wins ON house_rounds (merchant_code, created_at DESC)
    WHERE win > 0 AND NOT play_money`.execute(db);
  await sql`
    CREATE INDEX house_rounds_top_wins ON house_rounds (merchant_code, win DESC)
    WHERE win > 0 AND NOT play_money`.execute(db);
  await sql`
    CREATE INDEX game_vendor_transactions_credits ON game_vendor_transactions (merchant_code, created_at DESC)
    WHERE operation = 'credit' AND state = 'applied' AND amount > 0`.execute(db);
  await sql`
    CREATE INDEX lottery_tickets_wins ON lottery_tickets (merchant_code, settled_at DESC)
    WHERE status = 'won' AND NOT play_money`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX lottery_tickets_wins`.execute(db);
  await sql`DROP INDEX game_vendor_transactions_credits`.execute(db);
  await sql`DROP INDEX house_rounds_top_wins`.execute(db);
  await sql`DROP INDEX house_rounds_wins`.execute(db);
}
