import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * The ledger's invariants, checked from the tables alone (STYLE "invariant suite"); returns what is broken,
 * [] when everything holds:
 * - per merchant, the balances sum to 0;
 * - no member account below zero, counting holds;
 * - every balance equals its posted credits minus its posted debits, every `held` its open holds;
 * - every posted transfer recorded both balances after it.
 */
export async function ledgerViolations(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const sums = await sql<{ merchant_code: string; total: string }>`
    SELECT merchant_code, sum(balance)::text AS total FROM ledger_accounts GROUP BY merchant_code HAVING sum(balance) <> 0
  `.execute(db);
  for (const r of sums.rows) problems.push(`merchant ${r.merchant_code}: balances sum to ${r.total}, not 0`);

  const negative = await sql<{ id: bigint; balance: bigint; held: bigint }>`
    SELECT id, balance, held FROM ledger_accounts
    WHERE starts_with(kind, 'member_') AND (balance < 0 OR balance - held < 0)
  `.execute(db);
  for (const r of negative.rows) problems.push(`member account ${r.id}: balance ${r.balance}, held ${r.held}`);

  const drift = await sql<{ id: bigint; balance: bigint; held: bigint; expected: bigint; expected_held: bigint }>`
    WITH posted_in AS (SELECT credit_account_id AS id, sum(amount) AS s FROM ledger_transfers WHERE state = 'posted' GROUP BY 1),
         posted_out AS (SELECT debit_account_id AS id, sum(amount) AS s FROM ledger_transfers WHERE state = 'posted' GROUP BY 1),
         open_holds AS (SELECT debit_account_id AS id, sum(amount) AS s FROM ledger_transfers WHERE state = 'pending' GROUP BY 1)
    SELECT a.id, a.balance, a.held,
           (coalesce(i.s, 0) - coalesce(o.s, 0))::int8 AS expected, coalesce(h.s, 0)::int8 AS expected_held
    FROM ledger_accounts a
    LEFT JOIN posted_in i ON i.id = a.id
    LEFT JOIN posted_out o ON o.id = a.id
    LEFT JOIN open_holds h ON h.id = a.id
    WHERE a.balance <> coalesce(i.s, 0) - coalesce(o.s, 0) OR a.held <> coalesce(h.s, 0)
  `.execute(db);
  for (const r of drift.rows) {
    problems.push(`account ${r.id}: balance ${r.balance} held ${r.held}, transfers say ${r.expected} held ${r.expected_held}`);
  }

  const unrecorded = await sql<{ n: bigint }>`
    SELECT count(*)::int8 AS n FROM ledger_transfers
    WHERE state = 'posted' AND (debit_balance_after IS NULL OR credit_balance_after IS NULL)
  `.execute(db);
  if (BigInt(unrecorded.rows[0]?.n ?? 0n) > 0n) problems.push(`${unrecorded.rows[0]?.n} posted transfers lack balances after`);
  return problems;
}

/** How many transfers carry each of `keys` (a key applied twice would show 2; the UNIQUE makes that impossible). */
export async function countByKey(db: Kysely<Database>, merchant: string, keys: string[]): Promise<Map<string, number>> {
  const counts = new Map(keys.map((k) => [k, 0]));
  const chunk = 1000;
  for (let i = 0; i < keys.length; i += chunk) {
    const rows = await db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key'])
      .where('merchant_code', '=', merchant)
      .where('idempotency_key', 'in', keys.slice(i, i + chunk))
      .execute();
    for (const r of rows) if (r.idempotency_key) counts.set(r.idempotency_key, (counts.get(r.idempotency_key) ?? 0) + 1);
  }
  return counts;
}
