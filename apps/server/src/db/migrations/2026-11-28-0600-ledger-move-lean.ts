import { type Kysely, sql } from 'kysely';
import { up as createLedgerFunctions, down as dropLedgerFunctions } from './2026-11-27-0400-ledger-functions.js';

/**
 * The transfer function with fewer statements inside, same answers (ledger.equivalence.test.ts):
 * - `ledger_move_prepared` is PL/pgSQL, not SQL: a volatile set-returning SQL function is never inlined, so
 *   PostgreSQL parsed and planned its body again on every call (a sixth of a transfer's time in the database);
 *   PL/pgSQL keeps its plans for the connection.
 * - No look-up of the idempotency key before the balance updates: the unique insert finds a replay anyway (and
 *   undoes the updates), so only a replay pays for it, not every transfer.
 * - The member notifications are sent by the function itself instead of a nested function call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_move(
      p_operation text, p_merchant text,
      p_debit_kind text, p_debit_owner bigint, p_debit_ref text, p_debit_shard smallint, p_debit_id bigint,
      p_credit_kind text, p_credit_owner bigint, p_credit_ref text, p_credit_shard smallint, p_credit_id bigint,
      p_amount bigint, p_kind text, p_key text, p_hash text, p_cause_type text, p_cause_id text, p_memo jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      guarded boolean := starts_with(p_debit_kind, 'member_');
      is_hold boolean := p_operation = 'hold';
      debit_after bigint;
      credit_after bigint;
      credited boolean := false;
      existing record;
    BEGIN
      debit_id := coalesce(p_debit_id, ledger_account_id(p_merchant, p_debit_kind, p_debit_owner, p_debit_ref, p_debit_shard));
      credit_id := coalesce(p_credit_id, ledger_account_id(p_merchant, p_credit_kind, p_credit_owner, p_credit_ref, p_credit_shard));

      IF is_hold THEN
        UPDATE ledger_accounts SET held = held + p_amount
         WHERE id = debit_id AND (NOT guarded OR balance - held >= p_amount)
        RETURNING balance, balance - held INTO debit_after, debit_available;
      ELSE
        IF credit_id < debit_id THEN
          UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = credit_id
          RETURNING balance, balance - held INTO credit_after, credit_available;
          credited := true;
        END IF;
        UPDATE ledger_accounts SET balance = balance - p_amount
         WHERE id = debit_id AND (NOT guarded OR balance - held - p_amount >= 0)
        RETURNING balance, balance - held INTO debit_after, debit_available;
        IF debit_after IS NOT NULL AND NOT credited THEN
          UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = credit_id
          RETURNING balance, balance - held INTO credit_after, credit_available;
          credited := true;
        END IF;
      END IF;

      IF debit_after IS NULL THEN
        -- Refused: undo the credit made first for the lock order (the row is still ours), then, as a retry may
        -- arrive after its original spent the money, answer with the original when the key is taken.
        IF credited THEN UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = credit_id; END IF;
        IF p_key IS NOT NULL THEN
          SELECT id, state, created_at, request_hash INTO existing FROM ledger_transfers
           WHERE merchant_code = p_merchant AND idempotency_key = p_key;
          IF FOUND THEN
            RETURN QUERY SELECT CASE WHEN existing.request_hash = p_hash THEN 'replayed' ELSE 'conflict' END,
                                existing.id, existing.state, existing.created_at, debit_id, credit_id, NULL::bigint, NULL::bigint;
            RETURN;
          END IF;
        END IF;
        RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::text, NULL::timestamptz, debit_id, credit_id,
                            NULL::bigint, NULL::bigint;
        RETURN;
      END IF;

      INSERT INTO ledger_transfers (merchant_code, idempotency_key, request_hash, debit_account_id, credit_account_id,
                                    amount, kind, state, cause_type, cause_id, memo,
                                    debit_balance_after, credit_balance_after, settled_at)
      VALUES (p_merchant, p_key, p_hash, debit_id, credit_id, p_amount, p_kind,
              CASE WHEN is_hold THEN 'pending' ELSE 'posted' END, p_cause_type, p_cause_id, p_memo,
              CASE WHEN is_hold THEN NULL ELSE debit_after END,
              CASE WHEN is_hold THEN NULL ELSE credit_after END,
              CASE WHEN is_hold THEN NULL ELSE now() END)
      ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
      RETURNING id, state, created_at INTO transfer_id, transfer_state, transfer_created_at;

      IF transfer_id IS NULL THEN
        -- The key is taken (a replay, a conflicting request, or a concurrent first attempt that committed while the
        -- insert waited for it): undo this attempt's balance changes and answer with that transfer.
        IF is_hold THEN
          UPDATE ledger_accounts SET held = held - p_amount WHERE id = debit_id;
        ELSE
          UPDATE ledger_accounts SET balance = balance + p_amount WHERE id = debit_id;
          UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = credit_id;
        END IF;
        SELECT id, state, created_at, request_hash INTO existing FROM ledger_transfers
         WHERE merchant_code = p_merchant AND idempotency_key = p_key;
        IF NOT FOUND THEN RAISE EXCEPTION 'ledger: idempotency key taken by a transfer that is not visible'; END IF;
        RETURN QUERY SELECT CASE WHEN existing.request_hash = p_hash THEN 'replayed' ELSE 'conflict' END,
                            existing.id, existing.state, existing.created_at, debit_id, credit_id, NULL::bigint, NULL::bigint;
        RETURN;
      END IF;

      IF guarded THEN
        PERFORM pg_notify('ledger', jsonb_build_object('merchant', p_merchant, 'memberId', p_debit_owner::text)::text);
      END IF;
      IF NOT is_hold AND starts_with(p_credit_kind, 'member_') AND (NOT guarded OR p_credit_owner <> p_debit_owner) THEN
        PERFORM pg_notify('ledger', jsonb_build_object('merchant', p_merchant, 'memberId', p_credit_owner::text)::text);
      END IF;
      outcome := 'done';
      RETURN NEXT;
    END
    $fn$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION ledger_move_prepared(p jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    BEGIN
      RETURN QUERY SELECT * FROM ledger_move(p->>'operation', p->>'merchant',
        p->>'debitKind', (p->>'debitOwner')::bigint, p->>'debitRef', (p->>'debitShard')::smallint, (p->>'debitId')::bigint,
        p->>'creditKind', (p->>'creditOwner')::bigint, p->>'creditRef', (p->>'creditShard')::smallint, (p->>'creditId')::bigint,
        (p->>'amount')::bigint, p->>'kind', p->>'idempotencyKey', p->>'requestHash', p->>'causeType', p->>'causeId',
        p->'memo');
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropLedgerFunctions(db);
  await createLedgerFunctions(db);
}
