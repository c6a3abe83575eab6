import { type Kysely, sql } from 'kysely';

const COLUMNS = ['bets', 'stake', 'refunds', 'payout', 'deposits', 'deposit_amount', 'withdrawals', 'withdrawal_amount'];

/**
 * Each member's running sums through each day they have moves on: a range of days is then two rows per member (the
 * last one in the range less the last one before it), however many days it spans. Filled from the member days
 * already rolled up, in this transaction, so both tables reach the same ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_member_running (
      member_id bigint NOT NULL,
      day date NOT NULL,
      ${sql.raw(COLUMNS.map((column) => `${column} bigint NOT NULL DEFAULT 0`).join(',\n      '))},
      PRIMARY KEY (member_id, day)
    )`.execute(db);
  await sql`
    INSERT INTO report_member_running (member_id, day, ${sql.raw(COLUMNS.join(', '))})
    SELECT member_id, day, ${sql.raw(
      COLUMNS.map((column) => `sum(${column}) OVER (PARTITION BY member_id ORDER BY day)`).join(', '),
    )}
    FROM report_member_days`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_member_running`.execute(db);
}
