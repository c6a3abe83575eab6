import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE money_actions (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      kind text NOT NULL,
      target text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      detail jsonb NOT NULL DEFAULT '{}',
      reason text,
      request_key text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'executed', 'rejected')),
      requested_by_id bigint NOT NULL REFERENCES staff (id),
      requested_by text NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      decided_by_id bigint REFERENCES staff (id),
      decided_by text,
      decided_at timestamptz,
      reject_reason text,
      -- Decided rows name who decided; the one who asked never decides an action that waited (enforced by the service).
      CHECK ((status = 'pending') = (decided_by_id IS NULL))
    )`.execute(db);
  // One live action per request (a repeated click, a withdrawal asked for twice); a rejected one may be asked again.
  await sql`CREATE UNIQUE INDEX money_actions_one_per_request ON money_actions (merchant_code, kind, request_key)
    WHERE status <> 'rejected'`.execute(db);
  await sql`CREATE INDEX money_actions_by_status ON money_actions (merchant_code, status, id DESC)`.execute(db);
  // The queues' risk hint "address shared with other accounts" looks sessions up by address.
  await sql`CREATE INDEX sessions_by_ip ON sessions (ip, member_id) WHERE ip IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_by_ip`.execute(db);
  await sql`DROP TABLE money_actions`.execute(db);
}
