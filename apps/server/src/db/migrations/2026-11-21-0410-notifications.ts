import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_notifications (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      member_id bigint NOT NULL,
      type text NOT NULL CHECK (type ~ '^[a-z]+\\.[a-z]+$'),
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX member_notifications_by_member ON member_notifications (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX member_notifications_unread ON member_notifications (member_id) WHERE read_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_notifications`.execute(db);
}
