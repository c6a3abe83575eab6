import { type Kysely, sql } from 'kysely';

/**
 * Summary tables of the back office's reports (modules/reports), rolled up from the ledger and the members by a
 * durable job: everything posted before `report_rollup.rolled_to` is in them, what came after is read live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const amounts = sql.raw(`
      bets bigint NOT NULL DEFAULT 0,
      stake bigint NOT NULL DEFAULT 0,
      refunds bigint NOT NULL DEFAULT 0,
      payout bigint NOT NULL DEFAULT 0`);
  const cash = sql.raw(`
      deposits bigint NOT NULL DEFAULT 0,
      deposit_amount bigint NOT NULL DEFAULT 0,
      withdrawals bigint NOT NULL DEFAULT 0,
      withdrawal_amount bigint NOT NULL DEFAULT 0`);
  await sql`
    CREATE TABLE report_game_days (
      merchant_code text NOT NULL,
      day date NOT NULL,
      vendor text NOT NULL,
      game_code text NOT NULL,
      ${amounts},
      PRIMARY KEY (merchant_code, day, vendor, game_code)
    )`.execute(db);
  await sql`CREATE INDEX report_game_days_by_day ON report_game_days (day)`.execute(db);
  await sql`
    CREATE TABLE report_member_days (
      merchant_code text NOT NULL,
      day date NOT NULL,
      member_id bigint NOT NULL,
      ${amounts},
      ${cash},
      PRIMARY KEY (merchant_code, day, member_id)
    )`.execute(db);
  await sql`CREATE INDEX report_member_days_by_day ON report_member_days (day)`.execute(db);
  await sql`
    CREATE TABLE report_merchant_days (
      merchant_code text NOT NULL,
      day date NOT NULL,
      ${amounts},
      ${cash},
      sign_ups bigint NOT NULL DEFAULT 0,
      first_depositors bigint NOT NULL DEFAULT 0,
      active_players bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (merchant_code, day)
    )`.execute(db);
  await sql`
    CREATE TABLE report_first_deposits (
      member_id bigint PRIMARY KEY,
      merchant_code text NOT NULL,
      day date NOT NULL
    )`.execute(db);
  // One row: the last ledger transfer and member id in the summaries, the ids seen at `candidate_at` that become
  // final once no transaction older than that is running, and the time zone the days are in.
  await sql`
    CREATE TABLE report_rollup (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      transfers_to bigint NOT NULL DEFAULT 0,
      members_to bigint NOT NULL DEFAULT 0,
      candidate_transfers bigint,
      candidate_members bigint,
      candidate_at timestamptz,
      time_zone text NOT NULL
    )`.execute(db);
  await sql`INSERT INTO report_rollup (time_zone) VALUES ('UTC')`.execute(db);
  // Withdrawal holds the summaries passed while still pending: counted when they are posted.
  await sql`CREATE TABLE report_pending_holds (transfer_id bigint PRIMARY KEY)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'report_pending_holds',
    'report_rollup',
    'report_first_deposits',
    'report_merchant_days',
    'report_member_days',
    'report_game_days',
  ])
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
}
