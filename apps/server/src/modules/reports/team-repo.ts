import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReportFilter } from './report-repo.js';
import { AMOUNT_SUMS, CASH_SUMS, moves } from './rollup-repo.js';

/** One day of an agent's team: its members' summed moves, accounts created and first deposits. */
export interface TeamDay {
  day: string;
  bets: bigint;
  stake: bigint;
  payout: bigint;
  deposits: bigint;
  deposit_amount: bigint;
  withdrawals: bigint;
  withdrawal_amount: bigint;
  new_members: bigint;
  first_deposits: bigint;
}

/**
 * The team is everyone under the agent now (`agent_tree`, read-only here); the summaries plus the live part after
 * them, as the merchant reports read them, restricted to its members.
 */
const withTeam = (filter: ReportFilter, agentId: bigint) => sql`
  WITH live_moves AS MATERIALIZED (${moves(filter.timeZone, { after: filter.transfersTo, upTo: null, settledHolds: 'posted-in-list' })}),
  team AS MATERIALIZED (SELECT descendant_id AS member_id FROM agent_tree WHERE ancestor_id = ${agentId} AND depth > 0),
  live AS (
    SELECT l.* FROM live_moves l JOIN team ON team.member_id = l.member_id
    WHERE l.state = 'posted' AND l.merchant_code = ${filter.merchant} AND l.day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date)`;

export async function selectTeamDays(db: Kysely<Database>, filter: ReportFilter, agentId: bigint): Promise<TeamDay[]> {
  const { rows } = await sql<Record<string, unknown>>`
    ${withTeam(filter, agentId)}
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(bets) AS bets, sum(stake) AS stake, sum(payout) AS payout,
      sum(deposits) AS deposits, sum(deposit_amount) AS deposit_amount, sum(withdrawals) AS withdrawals,
      sum(withdrawal_amount) AS withdrawal_amount, sum(new_members) AS new_members, sum(first_deposits) AS first_deposits
    FROM (
      SELECT d.day, d.bets, d.stake - d.refunds AS stake, d.payout, d.deposits, d.deposit_amount, d.withdrawals,
        d.withdrawal_amount, 0 AS new_members, 0 AS first_deposits
      FROM report_member_days d JOIN team ON team.member_id = d.member_id
      WHERE d.merchant_code = ${filter.merchant} AND d.day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date
      UNION ALL
      SELECT day, bets, stake - refunds, payout, deposits, deposit_amount, withdrawals, withdrawal_amount, 0, 0
      FROM (SELECT day, ${AMOUNT_SUMS}, ${CASH_SUMS} FROM live GROUP BY day) l
      UNION ALL
      SELECT (m.created_at AT TIME ZONE ${filter.timeZone})::date, 0, 0, 0, 0, 0, 0, 0, 1, 0
      FROM members m JOIN team ON team.member_id = m.id
      WHERE (m.created_at AT TIME ZONE ${filter.timeZone})::date BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date
      UNION ALL
      SELECT f.day, 0, 0, 0, 0, 0, 0, 0, 0, 1
      FROM report_first_deposits f JOIN team ON team.member_id = f.member_id
      WHERE f.day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date
      UNION ALL
      SELECT day, 0, 0, 0, 0, 0, 0, 0, 0, 1
      FROM (SELECT DISTINCT ON (l.member_id) l.member_id, l.day FROM live_moves l JOIN team ON team.member_id = l.member_id
        WHERE l.state = 'posted' AND l.kind = 'deposit' AND l.merchant_code = ${filter.merchant}
        ORDER BY l.member_id, l.settled_at) first
      WHERE day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date
        AND NOT EXISTS (SELECT 1 FROM report_first_deposits r WHERE r.member_id = first.member_id)
    ) all_days
    GROUP BY day ORDER BY day`.execute(db);
  return rows.map((row) => ({
    day: String(row.day),
    bets: BigInt(row.bets as string),
    stake: BigInt(row.stake as string),
    payout: BigInt(row.payout as string),
    deposits: BigInt(row.deposits as string),
    deposit_amount: BigInt(row.deposit_amount as string),
    withdrawals: BigInt(row.withdrawals as string),
    withdrawal_amount: BigInt(row.withdrawal_amount as string),
    new_members: BigInt(row.new_members as string),
    first_deposits: BigInt(row.first_deposits as string),
  }));
}

/** Team members with a real-money bet in the range, each once. */
export async function countTeamActive(db: Kysely<Database>, filter: ReportFilter, agentId: bigint): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    ${withTeam(filter, agentId)}
    SELECT count(*) AS n FROM (
      SELECT d.member_id FROM report_member_days d JOIN team ON team.member_id = d.member_id
      WHERE d.merchant_code = ${filter.merchant} AND d.day BETWEEN ${filter.fromDay}::date AND ${filter.toDay}::date AND d.bets > 0
      UNION
      SELECT member_id FROM live WHERE kind = 'bet') active`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
