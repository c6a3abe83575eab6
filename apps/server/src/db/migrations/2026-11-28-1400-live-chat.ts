import { type Kysely, sql } from 'kysely';

/**
 * Live chat (modules/chat): a conversation per player or visitor with its queue (general or VIP) and state (waiting,
 * open with a staff member, a ticket left while nobody was on duty, closed), its messages (the transcript, kept and
 * searchable), the support staff on duty, and the merchant's canned replies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_conversations (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint REFERENCES members(id),
      visitor_key_hash bytea,
      display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 60),
      queue text NOT NULL CHECK (queue IN ('general', 'vip')),
      state text NOT NULL CHECK (state IN ('waiting', 'open', 'ticket', 'closed')),
      staff_name text,
      player_read_id bigint NOT NULL DEFAULT 0,
      staff_read_id bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_message_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      CHECK ((member_id IS NULL) <> (visitor_key_hash IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX chat_conversations_by_state ON chat_conversations (merchant_code, state, last_message_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX chat_conversations_by_member ON chat_conversations (member_id, id DESC) WHERE member_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX chat_conversations_by_visitor ON chat_conversations (visitor_key_hash, id DESC) WHERE visitor_key_hash IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE chat_messages (
      id bigserial PRIMARY KEY,
      conversation_id bigint NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
      sender text NOT NULL CHECK (sender IN ('player', 'staff')),
      staff_name text,
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((sender = 'staff') = (staff_name IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX chat_messages_by_conversation ON chat_messages (conversation_id, id)`.execute(db);
  await sql`
    CREATE TABLE chat_duty (
      merchant_code text NOT NULL,
      staff_name text NOT NULL,
      until timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, staff_name)
    )`.execute(db);
  await sql`
    CREATE TABLE chat_canned_replies (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 60),
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chat_canned_replies_by_merchant ON chat_canned_replies (merchant_code, title)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chat_canned_replies`.execute(db);
  await sql`DROP TABLE chat_duty`.execute(db);
  await sql`DROP TABLE chat_messages`.execute(db);
  await sql`DROP TABLE chat_conversations`.execute(db);
}
