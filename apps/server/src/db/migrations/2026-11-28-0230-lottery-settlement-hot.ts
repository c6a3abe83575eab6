import { type Kysely, sql } from 'kysely';

/**
 * Settling a ticket rewrites its row in place (a HOT update): no index of `lottery_tickets` may cover a column
 * settlement changes, and each page keeps room for a new version of every ticket on it, since a batch settles a
 * page's tickets in one transaction and the old versions cannot be pruned before it commits. The winners board's
 * index (on `status` and `settled_at`) moves to `lottery_wins`, a row per real-money winning ticket written at
 * settlement. Pages already full keep their tickets until rewritten; new tickets get the room.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lottery_wins (
      ticket_id bigint PRIMARY KEY REFERENCES lottery_tickets(id),
      merchant_code text NOT NULL,
      game_code text NOT NULL,
      member_id bigint NOT NULL,
      payout bigint NOT NULL CHECK (payout > 0),
      settled_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX lottery_wins_recent ON lottery_wins (merchant_code, settled_at DESC)`.execute(db);
  await sql`
    INSERT INTO lottery_wins (ticket_id, merchant_code, game_code, member_id, payout, settled_at)
    SELECT id, merchant_code, game_code, member_id, payout, settled_at FROM lottery_tickets
    WHERE status = 'won' AND NOT play_money AND payout > 0`.execute(db);
  await sql`DROP INDEX lottery_tickets_wins`.execute(db);
  await sql`ALTER TABLE lottery_tickets SET (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lottery_tickets RESET (fillfactor)`.execute(db);
  await sql`
    CREATE INDEX lottery_tickets_wins ON lottery_tickets (merchant_code, settled_at DESC)
    WHERE status = 'won' AND NOT play_money`.execute(db);
  await sql`DROP TABLE lottery_wins`.execute(db);
}
