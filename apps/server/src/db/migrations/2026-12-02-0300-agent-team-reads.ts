import { type Kysely, sql } from 'kysely';

/** The ledger kinds the agent centre's account details list (its page's types). */
const DETAIL_KINDS = sql.raw(`'deposit', 'withdrawal', 'member_transfer', 'bonus', 'rebate'`);

/**
 * The agent centre's team reads at any team size (docs/performance-log.md, "team reads per agent"):
 * - the account details' kinds of ledger transfers, by account and by merchant and time: partial indexes, so game
 *   transfers (almost all rows) neither enter them nor cost a bet anything but the predicate;
 * - each member's days with bets, by member: where a day's bets stand among the member's others;
 * - `report_agent_active`: per agent, day and the member's previous day with bets before it (-infinity when there was
 *   none in the `span` days before), how many members of the agent's team bet that day. The members of a team who bet
 *   in a range of at most `span` days are then those rows of its days whose previous day lies before the range: distinct
 *   members without reading the members. The team is the tree as it stood at `report_rollup.tree_at`; the roll-up job
 *   fills the rows on its next run (from every day with bets so far) and keeps them as the tree and the days change;
 * - the tree's links by start (and an agent's by start), and the ended ones by end: the few that changed since a
 *   given moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX ledger_transfers_details_by_time ON ledger_transfers (merchant_code, created_at)
    WHERE kind IN (${DETAIL_KINDS})`.execute(db);
  await sql`
    CREATE INDEX ledger_transfers_details_by_debit ON ledger_transfers (debit_account_id, created_at)
    WHERE kind IN (${DETAIL_KINDS})`.execute(db);
  await sql`
    CREATE INDEX ledger_transfers_details_by_credit ON ledger_transfers (credit_account_id, created_at)
    WHERE kind IN (${DETAIL_KINDS})`.execute(db);
  await sql`CREATE INDEX report_member_days_bet_days ON report_member_days (member_id, day) WHERE bets > 0`.execute(db);
  await sql`CREATE INDEX agent_tree_by_since ON agent_tree (since) WHERE depth > 0`.execute(db);
  await sql`CREATE INDEX agent_tree_by_agent_since ON agent_tree (ancestor_id, since) WHERE depth > 0`.execute(db);
  await sql`CREATE INDEX agent_tree_history_by_until ON agent_tree_history (until) WHERE depth > 0`.execute(db);
  await sql`
    CREATE TABLE report_agent_active (
      agent_id bigint NOT NULL,
      day date NOT NULL,
      prev_day date NOT NULL,
      members integer NOT NULL,
      PRIMARY KEY (agent_id, day, prev_day)
    )`.execute(db);
  await sql`ALTER TABLE report_rollup ADD COLUMN tree_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE report_rollup DROP COLUMN tree_at`.execute(db);
  await sql`DROP TABLE report_agent_active`.execute(db);
  await sql`DROP INDEX agent_tree_history_by_until`.execute(db);
  await sql`DROP INDEX agent_tree_by_agent_since`.execute(db);
  await sql`DROP INDEX agent_tree_by_since`.execute(db);
  await sql`DROP INDEX report_member_days_bet_days`.execute(db);
  await sql`DROP INDEX ledger_transfers_details_by_credit`.execute(db);
  await sql`DROP INDEX ledger_transfers_details_by_debit`.execute(db);
  await sql`DROP INDEX ledger_transfers_details_by_time`.execute(db);
}
