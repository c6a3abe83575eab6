import { type Kysely, sql } from 'kysely';

/** Transfers between a member and their upline or downline; the money moves in the ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_transfers (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      from_member_id bigint NOT NULL REFERENCES members(id),
      to_member_id bigint NOT NULL REFERENCES members(id),
      relation text NOT NULL CHECK (relation IN ('upline', 'downline')),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      request_id text NOT NULL,
      ledger_transfer_id bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (from_member_id <> to_member_id),
      UNIQUE (from_member_id, request_id)
    )`.execute(db);
  await sql`CREATE INDEX member_transfers_by_sender ON member_transfers (from_member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX member_transfers_by_receiver ON member_transfers (to_member_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_transfers`.execute(db);
}
