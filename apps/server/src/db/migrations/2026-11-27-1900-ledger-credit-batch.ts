import { type Kysely, sql } from 'kysely';

/**
 * A settlement batch's credits as set-based statements: the accounts found or created and locked in ascending id
 * order, then every transfer inserted and every account updated once, by one statement each, instead of one
 * transfer (key look-up, two updates, an insert, a notify) after another. Each transfer's balances after are the
 * running sums in call order, as if the calls had been made one by one. A batch the set-based path does not cover
 * (a debit from a member account, which needs the ≥ 0 guard per call, or a key given twice) takes the per-call
 * path, `ledger_move_batch`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_credit_batch(p_calls jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    #variable_conflict use_column
    DECLARE
      debit_ids bigint[];
      credit_ids bigint[];
    BEGIN
      IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_calls) AS c
                  WHERE starts_with(c->>'debitKind', 'member_') OR c->>'operation' <> 'transfer')
         OR EXISTS (SELECT 1 FROM jsonb_array_elements(p_calls) AS c WHERE c->>'idempotencyKey' IS NOT NULL
                     GROUP BY c->>'merchant', c->>'idempotencyKey' HAVING count(*) > 1) THEN
        RETURN QUERY SELECT * FROM ledger_move_batch(p_calls);
        RETURN;
      END IF;

      WITH c AS (
        SELECT e.n, x.* FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(call, n), jsonb_to_record(e.call) AS x(
          "merchant" text, "debitKind" text, "debitOwner" bigint, "debitRef" text, "debitShard" smallint, "debitId" bigint,
          "creditKind" text, "creditOwner" bigint, "creditRef" text, "creditShard" smallint, "creditId" bigint)
      ), sides AS (
        SELECT n, 'd' AS side, "merchant" AS merchant, "debitKind" AS kind, "debitOwner" AS owner, "debitRef" AS ref,
               "debitShard" AS shard, "debitId" AS known FROM c
        UNION ALL
        SELECT n, 'c', "merchant", "creditKind", "creditOwner", "creditRef", "creditShard", "creditId" FROM c
      ), accounts AS (
        SELECT merchant, kind, owner, ref, shard,
               coalesce(max(known), ledger_account_id(merchant, kind, owner, ref, shard)) AS id
          FROM sides GROUP BY merchant, kind, owner, ref, shard
      )
      SELECT array_agg(a.id ORDER BY s.n) FILTER (WHERE s.side = 'd'), array_agg(a.id ORDER BY s.n) FILTER (WHERE s.side = 'c')
        INTO debit_ids, credit_ids
        FROM sides s JOIN accounts a ON a.merchant = s.merchant AND a.kind = s.kind AND a.owner IS NOT DISTINCT FROM s.owner
                                     AND a.ref = s.ref AND a.shard = s.shard;

      PERFORM 1 FROM ledger_accounts WHERE id = ANY(debit_ids || credit_ids) ORDER BY id FOR UPDATE;

      -- A new snapshot with every account locked: a transfer under one of these keys that touches these accounts
      -- has committed and is seen here, or waits for this transaction. A key taken meanwhile by a transfer between
      -- other accounts makes the insert fail (unique key): the caller's transaction rolls back and its retry answers.
      RETURN QUERY
      WITH c AS (
        SELECT e.n, x.*, debit_ids[e.n] AS debit_id, credit_ids[e.n] AS credit_id
          FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(call, n), jsonb_to_record(e.call) AS x(
            "merchant" text, "amount" bigint, "kind" text, "idempotencyKey" text, "requestHash" text,
            "causeType" text, "causeId" text, "memo" jsonb)
      ), existing AS (
        SELECT c.n, t.id, t.state, t.created_at, t.request_hash
          FROM c JOIN ledger_transfers t ON t.merchant_code = c."merchant" AND t.idempotency_key = c."idempotencyKey"
      ), fresh AS MATERIALIZED (
        SELECT c.*, nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS id
          FROM c WHERE NOT EXISTS (SELECT 1 FROM existing e WHERE e.n = c.n) ORDER BY c.n
      ), legs AS (
        SELECT n, debit_id AS account_id, true AS is_debit, -"amount" AS delta FROM fresh
        UNION ALL
        SELECT n, credit_id, false, "amount" FROM fresh
      ), balances AS (
        SELECT l.n, l.is_debit, (a.balance + sum(l.delta) OVER (PARTITION BY l.account_id ORDER BY l.n))::bigint AS after, a.held
          FROM legs l JOIN ledger_accounts a ON a.id = l.account_id
      ), inserted AS (
        INSERT INTO ledger_transfers (id, merchant_code, idempotency_key, request_hash, debit_account_id, credit_account_id,
                                      amount, kind, state, cause_type, cause_id, memo,
                                      debit_balance_after, credit_balance_after, settled_at)
        SELECT f.id, f."merchant", f."idempotencyKey", f."requestHash", f.debit_id, f.credit_id, f."amount", f."kind",
               'posted', f."causeType", f."causeId", f."memo", d.after, cr.after, now()
          FROM fresh f
          JOIN balances d ON d.n = f.n AND d.is_debit
          JOIN balances cr ON cr.n = f.n AND NOT cr.is_debit
        RETURNING id, state, created_at
      ), updated AS (
        UPDATE ledger_accounts a SET balance = a.balance + t.delta
          FROM (SELECT account_id, sum(delta)::bigint AS delta FROM legs GROUP BY account_id) t
         WHERE a.id = t.account_id
      )
      SELECT CASE WHEN e.n IS NULL THEN 'done' WHEN e.request_hash = c."requestHash" THEN 'replayed' ELSE 'conflict' END,
             coalesce(e.id, i.id), coalesce(e.state, i.state), coalesce(e.created_at, i.created_at),
             c.debit_id, c.credit_id, d.after - d.held, cr.after - cr.held
        FROM c
        LEFT JOIN existing e ON e.n = c.n
        LEFT JOIN fresh f ON f.n = c.n
        LEFT JOIN inserted i ON i.id = f.id
        LEFT JOIN balances d ON d.n = f.n AND d.is_debit
        LEFT JOIN balances cr ON cr.n = f.n AND NOT cr.is_debit
       ORDER BY c.n;

      PERFORM pg_notify('ledger', jsonb_build_object('merchant', m.merchant, 'memberId', m.owner::text)::text)
         FROM (SELECT DISTINCT c->>'merchant' AS merchant, (c->>'creditOwner')::bigint AS owner
                 FROM jsonb_array_elements(p_calls) AS c WHERE starts_with(c->>'creditKind', 'member_')) m;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_credit_batch(jsonb)`.execute(db);
}
