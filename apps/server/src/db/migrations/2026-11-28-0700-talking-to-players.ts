import { type Kysely, sql } from 'kysely';

/**
 * Talking to players: every mail and SMS as a delivery with its attempts and a dead-letter state
 * (modules/delivery); the inbox (modules/inbox): a message per send, its recipients only when they are named one
 * by one (a level, a downline or everyone is matched when the player reads, never fanned out on send), and each
 * player's read or deleted mark; and the device of a login beside its IP, for the member's sign-in history (modules/sessions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE deliveries (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('mail', 'sms')),
      recipient text NOT NULL CHECK (char_length(recipient) <= 320),
      subject text NOT NULL CHECK (char_length(subject) <= 300),
      body text NOT NULL,
      state text NOT NULL DEFAULT 'sending' CHECK (state IN ('sending', 'retrying', 'sent', 'dead')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      last_error text CHECK (char_length(last_error) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX deliveries_by_state ON deliveries (merchant_code, state, id DESC)`.execute(db);

  await sql`
    CREATE TABLE player_messages (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      audience text NOT NULL CHECK (audience IN ('members', 'vip', 'downline', 'all')),
      vip_level integer CHECK ((audience = 'vip') = (vip_level IS NOT NULL)),
      agent_id bigint REFERENCES members(id),
      texts jsonb NOT NULL,
      expires_at timestamptz,
      sent_by text NOT NULL,
      recipients integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_at timestamptz,
      CHECK ((audience = 'downline') = (agent_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX player_messages_by_merchant ON player_messages (merchant_code, id DESC)`.execute(db);
  await sql`
    CREATE TABLE player_message_recipients (
      message_id bigint NOT NULL REFERENCES player_messages(id) ON DELETE CASCADE,
      member_id bigint NOT NULL REFERENCES members(id),
      PRIMARY KEY (member_id, message_id)
    )`.execute(db);
  await sql`
    CREATE TABLE player_message_marks (
      message_id bigint NOT NULL REFERENCES player_messages(id) ON DELETE CASCADE,
      member_id bigint NOT NULL REFERENCES members(id),
      read_at timestamptz,
      deleted_at timestamptz,
      PRIMARY KEY (member_id, message_id)
    )`.execute(db);

  await sql`ALTER TABLE sessions ADD COLUMN device text CHECK (char_length(device) <= 200)`.execute(db);
  await sql`CREATE INDEX sessions_by_member ON sessions (member_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_by_member`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN device`.execute(db);
  await sql`DROP TABLE player_message_marks`.execute(db);
  await sql`DROP TABLE player_message_recipients`.execute(db);
  await sql`DROP TABLE player_messages`.execute(db);
  await sql`DROP TABLE deliveries`.execute(db);
}
