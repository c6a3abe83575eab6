import { type Kysely, sql } from 'kysely';

/**
 * The settlement batch's credits found their accounts in time linear in the batch: each credit's side was joined to
 * its account with `owner IS NOT DISTINCT FROM`, which PostgreSQL can neither hash nor merge, so every side was compared
 * with every account (2,000 agent salaries: 4,000 × 2,001 comparisons, 1.3 s of the function's 1.5 s). The owner is
 * now compared through `coalesce(owner, 0)` (owners are positive ids; house and channel accounts have none), a plain
 * equality the join hashes. Same answers otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_credit_batch(p_calls jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    #variable_conflict use_column
    DECLARE
      per_call boolean;
      merchants text[]; amounts bigint[]; kinds text[]; idempotency_keys text[]; request_hashes text[];
      cause_types text[]; cause_ids text[]; memos jsonb[];
      debit_kinds text[]; debit_owners bigint[]; debit_refs text[]; debit_shards smallint[]; debit_known bigint[];
      credit_kinds text[]; credit_owners bigint[]; credit_refs text[]; credit_shards smallint[]; credit_known bigint[];
      debit_ids bigint[];
      credit_ids bigint[];
    BEGIN
      SELECT bool_or(starts_with(x."debitKind", 'member_') OR x."operation" <> 'transfer'),
             array_agg(x."merchant" ORDER BY e.n), array_agg(x."amount" ORDER BY e.n), array_agg(x."kind" ORDER BY e.n),
             array_agg(x."idempotencyKey" ORDER BY e.n), array_agg(x."requestHash" ORDER BY e.n),
             array_agg(x."causeType" ORDER BY e.n), array_agg(x."causeId" ORDER BY e.n), array_agg(x."memo" ORDER BY e.n),
             array_agg(x."debitKind" ORDER BY e.n), array_agg(x."debitOwner" ORDER BY e.n), array_agg(x."debitRef" ORDER BY e.n),
             array_agg(x."debitShard" ORDER BY e.n), array_agg(x."debitId" ORDER BY e.n),
             array_agg(x."creditKind" ORDER BY e.n), array_agg(x."creditOwner" ORDER BY e.n), array_agg(x."creditRef" ORDER BY e.n),
             array_agg(x."creditShard" ORDER BY e.n), array_agg(x."creditId" ORDER BY e.n)
        INTO per_call, merchants, amounts, kinds, idempotency_keys, request_hashes, cause_types, cause_ids, memos,
             debit_kinds, debit_owners, debit_refs, debit_shards, debit_known,
             credit_kinds, credit_owners, credit_refs, credit_shards, credit_known
        FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(call, n), jsonb_to_record(e.call) AS x(
          "operation" text, "merchant" text, "amount" bigint, "kind" text, "idempotencyKey" text, "requestHash" text,
          "causeType" text, "causeId" text, "memo" jsonb,
          "debitKind" text, "debitOwner" bigint, "debitRef" text, "debitShard" smallint, "debitId" bigint,
          "creditKind" text, "creditOwner" bigint, "creditRef" text, "creditShard" smallint, "creditId" bigint);

      IF per_call OR EXISTS (SELECT 1 FROM unnest(merchants, idempotency_keys) AS k(merchant, idempotency_key)
                              WHERE idempotency_key IS NOT NULL GROUP BY merchant, idempotency_key HAVING count(*) > 1) THEN
        RETURN QUERY SELECT * FROM ledger_move_batch(p_calls);
        RETURN;
      END IF;

      WITH sides AS (
        SELECT n, 'd' AS side, merchant, kind, owner, ref, shard, known
          FROM unnest(merchants, debit_kinds, debit_owners, debit_refs, debit_shards, debit_known)
               WITH ORDINALITY AS d(merchant, kind, owner, ref, shard, known, n)
        UNION ALL
        SELECT n, 'c', merchant, kind, owner, ref, shard, known
          FROM unnest(merchants, credit_kinds, credit_owners, credit_refs, credit_shards, credit_known)
               WITH ORDINALITY AS c(merchant, kind, owner, ref, shard, known, n)
      ), wanted AS (
        SELECT merchant, kind, owner, ref, shard, max(known) AS known FROM sides GROUP BY merchant, kind, owner, ref, shard
      ), accounts AS (
        SELECT w.merchant, w.kind, w.owner, w.ref, w.shard,
               coalesce(w.known, a.id, ledger_account_id(w.merchant, w.kind, w.owner, w.ref, w.shard)) AS id
          FROM wanted w
          LEFT JOIN ledger_accounts a ON a.merchant_code = w.merchant AND a.kind = w.kind AND a.owner_id = w.owner
                                     AND a.ref = w.ref AND a.shard = w.shard
      )
      SELECT array_agg(a.id ORDER BY s.n) FILTER (WHERE s.side = 'd'), array_agg(a.id ORDER BY s.n) FILTER (WHERE s.side = 'c')
        INTO debit_ids, credit_ids
        FROM sides s JOIN accounts a ON a.merchant = s.merchant AND a.kind = s.kind
                                     AND coalesce(a.owner, 0) = coalesce(s.owner, 0) AND a.ref = s.ref AND a.shard = s.shard;

      PERFORM 1 FROM ledger_accounts WHERE id = ANY(debit_ids || credit_ids) ORDER BY id FOR UPDATE;

      -- A new snapshot with every account locked: a transfer under one of these keys that touches these accounts
      -- has committed and is seen here, or waits for this transaction. A key taken meanwhile by a transfer between
      -- other accounts makes the insert fail (unique key): the caller's transaction rolls back and its retry answers.
      RETURN QUERY
      WITH c AS (
        SELECT * FROM unnest(merchants, amounts, kinds, idempotency_keys, request_hashes, cause_types, cause_ids, memos,
                             debit_ids, credit_ids)
               WITH ORDINALITY AS u("merchant", "amount", "kind", "idempotencyKey", "requestHash", "causeType", "causeId",
                                    "memo", debit_id, credit_id, n)
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

      -- 200 decimal ids keep a payload well under PostgreSQL's 8,000 bytes.
      PERFORM pg_notify('ledger', jsonb_build_object('merchant', m.merchant, 'memberIds', m.ids)::text)
         FROM (SELECT merchant, jsonb_agg(owner::text ORDER BY owner) AS ids
                 FROM (SELECT merchant, owner, row_number() OVER (PARTITION BY merchant ORDER BY owner) AS r
                         FROM (SELECT DISTINCT merchant, owner
                                 FROM unnest(merchants, credit_kinds, credit_owners) AS u(merchant, kind, owner)
                                WHERE starts_with(kind, 'member_')) members) numbered
                GROUP BY merchant, (r - 1) / 200) m;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { up: previous } = await import('./2026-11-28-0610-ledger-credit-batch-once.js');
  await previous(db);
}
