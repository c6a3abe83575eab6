import { type Kysely, sql } from 'kysely';

/**
 * Cheaper checks on the money path, same rules:
 * - A transfer's accounts and a round's member are checked together with the merchant (composite foreign keys to
 *   `(id, merchant_code)`), instead of each row also checking `merchants` on its own. The merchants check took a
 *   key-share lock on the one merchant row every concurrent transfer shares (a multixact per commit); the accounts
 *   and the member are rows the transaction has locked already. It is also a stronger rule: a transfer can no
 *   longer name accounts of another merchant than its own.
 * - `site_session_live` and `house_round_transfer` are PL/pgSQL: a SQL function that is not inlined is parsed and
 *   planned again in every transaction that calls it from PL/pgSQL (the spin calls one of each, the other twice);
 *   PL/pgSQL keeps its plans for the connection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_id_merchant UNIQUE (id, merchant_code)`.execute(db);
  await sql`
    ALTER TABLE ledger_transfers
      DROP CONSTRAINT ledger_transfers_merchant_code_fkey,
      DROP CONSTRAINT ledger_transfers_debit_account_id_fkey,
      DROP CONSTRAINT ledger_transfers_credit_account_id_fkey,
      ADD CONSTRAINT ledger_transfers_debit_account FOREIGN KEY (debit_account_id, merchant_code)
        REFERENCES ledger_accounts (id, merchant_code) NOT VALID,
      ADD CONSTRAINT ledger_transfers_credit_account FOREIGN KEY (credit_account_id, merchant_code)
        REFERENCES ledger_accounts (id, merchant_code) NOT VALID`.execute(db);
  // Validated apart: a scan of the table that does not block writes (SHARE UPDATE EXCLUSIVE).
  await sql`ALTER TABLE ledger_transfers VALIDATE CONSTRAINT ledger_transfers_debit_account`.execute(db);
  await sql`ALTER TABLE ledger_transfers VALIDATE CONSTRAINT ledger_transfers_credit_account`.execute(db);

  await sql`ALTER TABLE members ADD CONSTRAINT members_id_merchant UNIQUE (id, merchant_code)`.execute(db);
  await sql`
    ALTER TABLE house_rounds
      DROP CONSTRAINT house_rounds_merchant_code_fkey,
      DROP CONSTRAINT house_rounds_member_id_fkey,
      ADD CONSTRAINT house_rounds_member FOREIGN KEY (member_id, merchant_code) REFERENCES members (id, merchant_code) NOT VALID`.execute(
    db,
  );
  await sql`ALTER TABLE house_rounds VALIDATE CONSTRAINT house_rounds_member`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION site_session_live(p_token_hash bytea, p_issued_at timestamptz, p_now timestamptz, p_oldest timestamptz)
    RETURNS boolean LANGUAGE plpgsql STABLE AS $fn$
    BEGIN
      RETURN EXISTS (
        SELECT 1 FROM sessions
         WHERE token_hash = p_token_hash AND ended_at IS NULL AND expires_at > p_now AND created_at > p_oldest
           AND (derived_ended_at IS NULL OR derived_ended_at < p_issued_at));
    END
    $fn$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION house_round_transfer(p jsonb, p_round bigint, p_kind text)
    RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $fn$
    BEGIN
      RETURN p || jsonb_build_object(
        'idempotencyKey', 'house-round:' || p_round || ':' || p_kind,
        'causeId', p_round::text,
        'memo', coalesce(p->'memo', '{}'::jsonb) || jsonb_build_object('roundId', p_round::text));
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION house_round_transfer(p jsonb, p_round bigint, p_kind text)
    RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
      SELECT p || jsonb_build_object(
        'idempotencyKey', 'house-round:' || p_round || ':' || p_kind,
        'causeId', p_round::text,
        'memo', coalesce(p->'memo', '{}'::jsonb) || jsonb_build_object('roundId', p_round::text))
    $fn$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION site_session_live(p_token_hash bytea, p_issued_at timestamptz, p_now timestamptz, p_oldest timestamptz)
    RETURNS boolean LANGUAGE sql STABLE AS $fn$
      SELECT EXISTS (
        SELECT 1 FROM sessions
         WHERE token_hash = p_token_hash AND ended_at IS NULL AND expires_at > p_now AND created_at > p_oldest
           AND (derived_ended_at IS NULL OR derived_ended_at < p_issued_at))
    $fn$`.execute(db);
  await sql`
    ALTER TABLE house_rounds
      DROP CONSTRAINT house_rounds_member,
      ADD CONSTRAINT house_rounds_member_id_fkey FOREIGN KEY (member_id) REFERENCES members (id),
      ADD CONSTRAINT house_rounds_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code)`.execute(db);
  await sql`ALTER TABLE members DROP CONSTRAINT members_id_merchant`.execute(db);
  await sql`
    ALTER TABLE ledger_transfers
      DROP CONSTRAINT ledger_transfers_debit_account,
      DROP CONSTRAINT ledger_transfers_credit_account,
      ADD CONSTRAINT ledger_transfers_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code),
      ADD CONSTRAINT ledger_transfers_debit_account_id_fkey FOREIGN KEY (debit_account_id) REFERENCES ledger_accounts (id),
      ADD CONSTRAINT ledger_transfers_credit_account_id_fkey FOREIGN KEY (credit_account_id) REFERENCES ledger_accounts (id)`.execute(
    db,
  );
  await sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_id_merchant`.execute(db);
}
