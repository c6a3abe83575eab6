import { type Kysely, sql } from 'kysely';

/**
 * The ledger's write operations as PL/pgSQL functions (PGlite runs PL/pgSQL too): a transfer, a hold or the
 * settling of a hold is one statement, so one round trip, instead of one per account read, lock, update and
 * insert. The rules are the ones the statement-by-statement code kept (docs/decisions.md, Ledger): account rows
 * updated in ascending id order, member accounts guarded against going below zero available, idempotency key
 * plus request hash, a NOTIFY per member touched. Expected refusals are answers, not errors, so a caller's
 * transaction stays usable without a savepoint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The id of an account row, created on first use. A concurrent creator makes the insert wait and do nothing;
  // the second look-up (a new snapshot: READ COMMITTED takes one per statement) then sees its row.
  await sql`
    CREATE FUNCTION ledger_account_id(p_merchant text, p_kind text, p_owner bigint, p_ref text, p_shard smallint)
    RETURNS bigint LANGUAGE plpgsql AS $fn$
    DECLARE
      found_id bigint;
    BEGIN
      FOR attempt IN 1..2 LOOP
        IF p_owner IS NULL THEN
          SELECT id INTO found_id FROM ledger_accounts
           WHERE merchant_code = p_merchant AND kind = p_kind AND owner_id IS NULL AND ref = p_ref AND shard = p_shard;
        ELSE
          SELECT id INTO found_id FROM ledger_accounts
           WHERE merchant_code = p_merchant AND kind = p_kind AND owner_id = p_owner AND ref = p_ref AND shard = p_shard;
        END IF;
        IF found_id IS NOT NULL THEN RETURN found_id; END IF;
        INSERT INTO ledger_accounts (merchant_code, kind, owner_id, ref, shard)
        VALUES (p_merchant, p_kind, p_owner, p_ref, p_shard)
        ON CONFLICT DO NOTHING RETURNING id INTO found_id;
        IF found_id IS NOT NULL THEN RETURN found_id; END IF;
      END LOOP;
      RAISE EXCEPTION 'ledger: account %/%/%/% could not be created', p_kind, p_owner, p_ref, p_shard;
    END
    $fn$`.execute(db);

  await sql`
    CREATE FUNCTION ledger_notify_members(p_merchant text, p_first bigint, p_second bigint)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      IF p_first IS NOT NULL THEN
        PERFORM pg_notify('ledger', jsonb_build_object('merchant', p_merchant, 'memberId', p_first::text)::text);
      END IF;
      IF p_second IS NOT NULL AND p_second IS DISTINCT FROM p_first THEN
        PERFORM pg_notify('ledger', jsonb_build_object('merchant', p_merchant, 'memberId', p_second::text)::text);
      END IF;
    END
    $fn$`.execute(db);

  // outcome: 'done' | 'replayed' | 'conflict' (key used for another request) | 'insufficient'. Known account
  // ids may be passed (p_debit_id, p_credit_id) to skip their look-up; the ids used are returned to be cached.
  await sql`
    CREATE FUNCTION ledger_move(
      p_operation text, p_merchant text,
      p_debit_kind text, p_debit_owner bigint, p_debit_ref text, p_debit_shard smallint, p_debit_id bigint,
      p_credit_kind text, p_credit_owner bigint, p_credit_ref text, p_credit_shard smallint, p_credit_id bigint,
      p_amount bigint, p_kind text, p_key text, p_hash text, p_cause_type text, p_cause_id text, p_memo jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      guarded boolean := starts_with(p_debit_kind, 'member_');
      debit_after bigint;
      credit_after bigint;
      credited boolean := false;
      existing record;
    BEGIN
      debit_id := coalesce(p_debit_id, ledger_account_id(p_merchant, p_debit_kind, p_debit_owner, p_debit_ref, p_debit_shard));
      credit_id := coalesce(p_credit_id, ledger_account_id(p_merchant, p_credit_kind, p_credit_owner, p_credit_ref, p_credit_shard));

      IF p_key IS NOT NULL THEN
        SELECT id, state, created_at, request_hash INTO existing FROM ledger_transfers
         WHERE merchant_code = p_merchant AND idempotency_key = p_key;
        IF FOUND THEN
          RETURN QUERY SELECT CASE WHEN existing.request_hash = p_hash THEN 'replayed' ELSE 'conflict' END,
                              existing.id, existing.state, existing.created_at, debit_id, credit_id, NULL::bigint, NULL::bigint;
          RETURN;
        END IF;
      END IF;

      IF p_operation = 'hold' THEN
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
              CASE WHEN p_operation = 'hold' THEN 'pending' ELSE 'posted' END, p_cause_type, p_cause_id, p_memo,
              CASE WHEN p_operation = 'hold' THEN NULL ELSE debit_after END,
              CASE WHEN p_operation = 'hold' THEN NULL ELSE credit_after END,
              CASE WHEN p_operation = 'hold' THEN NULL ELSE now() END)
      ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
      RETURNING id, state, created_at INTO transfer_id, transfer_state, transfer_created_at;

      IF transfer_id IS NULL THEN
        -- A concurrent request with the same key committed first (the insert waited for it): undo this attempt's
        -- balance changes and answer with that transfer.
        IF p_operation = 'hold' THEN
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

      PERFORM ledger_notify_members(p_merchant,
        CASE WHEN guarded THEN p_debit_owner END,
        CASE WHEN p_operation <> 'hold' AND starts_with(p_credit_kind, 'member_') THEN p_credit_owner END);
      outcome := 'done';
      RETURN NEXT;
    END
    $fn$`.execute(db);

  // The same call as one jsonb value (Ledger.prepareTransfer builds it): another module's statement can make a
  // transfer part of its own single round trip without knowing the ledger's arguments.
  await sql`
    CREATE FUNCTION ledger_move_prepared(p jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE sql AS $fn$
      SELECT * FROM ledger_move(p->>'operation', p->>'merchant',
        p->>'debitKind', (p->>'debitOwner')::bigint, p->>'debitRef', (p->>'debitShard')::smallint, (p->>'debitId')::bigint,
        p->>'creditKind', (p->>'creditOwner')::bigint, p->>'creditRef', (p->>'creditShard')::smallint, (p->>'creditId')::bigint,
        (p->>'amount')::bigint, p->>'kind', p->>'idempotencyKey', p->>'requestHash', p->>'causeType', p->>'causeId',
        p->'memo')
    $fn$`.execute(db);

  // Many transfers in one statement (a settlement batch): every account they touch is found or created and locked
  // in ascending id order first, so the batch as a whole keeps the one lock order; then each transfer in turn.
  await sql`
    CREATE FUNCTION ledger_move_batch(p_calls jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      call jsonb;
    BEGIN
      PERFORM 1 FROM ledger_accounts WHERE id IN (
        SELECT coalesce((c->>'debitId')::bigint, ledger_account_id(c->>'merchant', c->>'debitKind',
                        (c->>'debitOwner')::bigint, c->>'debitRef', (c->>'debitShard')::smallint))
          FROM jsonb_array_elements(p_calls) AS c
        UNION
        SELECT coalesce((c->>'creditId')::bigint, ledger_account_id(c->>'merchant', c->>'creditKind',
                        (c->>'creditOwner')::bigint, c->>'creditRef', (c->>'creditShard')::smallint))
          FROM jsonb_array_elements(p_calls) AS c)
      ORDER BY id FOR UPDATE;
      FOR call IN SELECT value FROM jsonb_array_elements(p_calls) LOOP
        RETURN QUERY SELECT * FROM ledger_move_prepared(call);
      END LOOP;
    END
    $fn$`.execute(db);

  // Posts or voids a pending hold. outcome: 'done' | 'replayed' (already in that state) | 'state' (in the other
  // final state) | 'not_found'.
  await sql`
    CREATE FUNCTION ledger_settle(p_transfer_id bigint, p_target text)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      t record;
      debit record;
      credit record;
    BEGIN
      SELECT tr.id, tr.merchant_code, tr.debit_account_id, tr.credit_account_id, tr.amount, tr.state, tr.created_at
        INTO t FROM ledger_transfers tr WHERE tr.id = p_transfer_id FOR UPDATE;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'not_found'::text, NULL::bigint, NULL::text, NULL::timestamptz;
        RETURN;
      END IF;
      IF t.state <> 'pending' THEN
        RETURN QUERY SELECT CASE WHEN t.state = p_target THEN 'replayed' ELSE 'state' END, t.id, t.state, t.created_at;
        RETURN;
      END IF;
      IF p_target = 'voided' THEN
        UPDATE ledger_accounts SET held = held - t.amount WHERE id = t.debit_account_id RETURNING kind, owner_id INTO debit;
        UPDATE ledger_transfers SET state = 'voided', settled_at = now() WHERE id = t.id;
        PERFORM ledger_notify_members(t.merchant_code, CASE WHEN starts_with(debit.kind, 'member_') THEN debit.owner_id END, NULL);
      ELSE
        IF t.credit_account_id < t.debit_account_id THEN
          UPDATE ledger_accounts SET balance = balance + t.amount WHERE id = t.credit_account_id
          RETURNING balance, kind, owner_id INTO credit;
        END IF;
        UPDATE ledger_accounts SET held = held - t.amount, balance = balance - t.amount WHERE id = t.debit_account_id
        RETURNING balance, kind, owner_id INTO debit;
        IF t.credit_account_id > t.debit_account_id THEN
          UPDATE ledger_accounts SET balance = balance + t.amount WHERE id = t.credit_account_id
          RETURNING balance, kind, owner_id INTO credit;
        END IF;
        UPDATE ledger_transfers
           SET state = 'posted', settled_at = now(), debit_balance_after = debit.balance, credit_balance_after = credit.balance
         WHERE id = t.id;
        PERFORM ledger_notify_members(t.merchant_code,
          CASE WHEN starts_with(debit.kind, 'member_') THEN debit.owner_id END,
          CASE WHEN starts_with(credit.kind, 'member_') THEN credit.owner_id END);
      END IF;
      RETURN QUERY SELECT 'done'::text, t.id, p_target, t.created_at;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_settle(bigint, text)`.execute(db);
  await sql`DROP FUNCTION ledger_move_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION ledger_move_prepared(jsonb)`.execute(db);
  await sql`DROP FUNCTION ledger_move(text, text, text, bigint, text, smallint, bigint, text, bigint, text, smallint, bigint, bigint, text, text, text, text, text, jsonb)`.execute(
    db,
  );
  await sql`DROP FUNCTION ledger_notify_members(text, bigint, bigint)`.execute(db);
  await sql`DROP FUNCTION ledger_account_id(text, text, bigint, text, smallint)`.execute(db);
}
