import { type Kysely, sql } from 'kysely';

const BONUS_COLUMNS = ['bonuses', 'bonus_amount'];

/**
 * The agent centre's read pages: notices written for agents (an announcement's audience); bonuses paid to a member in
 * the member summaries (the user P&L's bonus column); and each agent's team summed per day, vendor and game, every move
 * counted for the agents above the member when it was made (the team overview and team betting by game); and each
 * member's running sums at the close of each recent day (the user P&L of a whole team). The summaries start over so the
 * roll-up job counts all of it for every day it rolls up again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE announcements ADD COLUMN audience text NOT NULL DEFAULT 'players'
      CHECK (audience IN ('players', 'agents'))`.execute(db);
  await sql`CREATE INDEX announcements_for_agents ON announcements (merchant_code, starts_at) WHERE audience = 'agents'`.execute(
    db,
  );
  for (const table of ['report_member_days', 'report_member_running']) {
    for (const column of BONUS_COLUMNS) {
      await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref(column)} bigint NOT NULL DEFAULT 0`.execute(db);
    }
  }
  await sql`
    CREATE TABLE report_agent_days (
      agent_id bigint NOT NULL,
      day date NOT NULL,
      vendor text NOT NULL,
      game_code text NOT NULL,
      bets bigint NOT NULL DEFAULT 0,
      stake bigint NOT NULL DEFAULT 0,
      refunds bigint NOT NULL DEFAULT 0,
      payout bigint NOT NULL DEFAULT 0,
      deposits bigint NOT NULL DEFAULT 0,
      deposit_amount bigint NOT NULL DEFAULT 0,
      withdrawals bigint NOT NULL DEFAULT 0,
      withdrawal_amount bigint NOT NULL DEFAULT 0,
      new_members bigint NOT NULL DEFAULT 0,
      first_deposits bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (agent_id, day, vendor, game_code)
    )`.execute(db);
  // Each member's running sums at the close of every recent day, from their first move on: a range of days of a whole
  // team is then two index ranges of one day each, not two reads per member.
  await sql`
    CREATE TABLE report_member_close (
      day date NOT NULL,
      member_id bigint NOT NULL,
      ${sql.raw(['bets', 'stake', 'refunds', 'payout', 'deposits', 'deposit_amount', 'withdrawals', 'withdrawal_amount', ...BONUS_COLUMNS].map((column) => `${column} bigint NOT NULL DEFAULT 0`).join(',\n      '))},
      PRIMARY KEY (day, member_id)
    )`.execute(db);
  for (const table of [
    'report_game_days',
    'report_member_days',
    'report_member_running',
    'report_merchant_days',
    'report_first_deposits',
    'report_pending_holds',
  ])
    await sql`DELETE FROM ${sql.table(table)}`.execute(db);
  await sql`
    UPDATE report_rollup SET transfers_to = 0, members_to = 0, candidate_transfers = NULL, candidate_members = NULL,
      candidate_at = NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_member_close`.execute(db);
  await sql`DROP TABLE report_agent_days`.execute(db);
  for (const table of ['report_member_days', 'report_member_running']) {
    for (const column of BONUS_COLUMNS) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
  await sql`DROP INDEX announcements_for_agents`.execute(db);
  await sql`ALTER TABLE announcements DROP COLUMN audience`.execute(db);
}
