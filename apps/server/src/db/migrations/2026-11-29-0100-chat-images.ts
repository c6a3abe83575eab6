import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A chat picture belongs to its message and is served only to the chat's two sides, so it has no public name:
  // it is found by its message and checked against the conversation. Both sizes are re-encoded WebP.
  await sql`
    CREATE TABLE chat_images (
      message_id bigint PRIMARY KEY REFERENCES chat_messages(id) ON DELETE CASCADE,
      conversation_id bigint NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
      width integer NOT NULL CHECK (width BETWEEN 1 AND 4096),
      height integer NOT NULL CHECK (height BETWEEN 1 AND 4096),
      full_data bytea NOT NULL CHECK (octet_length(full_data) BETWEEN 1 AND 4194304),
      thumb_data bytea NOT NULL CHECK (octet_length(thumb_data) BETWEEN 1 AND 1048576)
    )`.execute(db);
  await sql`CREATE INDEX chat_images_by_conversation ON chat_images (conversation_id)`.execute(db);
  await sql`ALTER TABLE chat_messages ADD COLUMN has_image boolean NOT NULL DEFAULT false`.execute(db);
  // A picture may be sent alone, with no words.
  await sql`ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_body_check`.execute(db);
  await sql`
    ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_body_check
      CHECK (char_length(body) <= 2000 AND (has_image OR char_length(body) >= 1))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM chat_messages WHERE body = ''`.execute(db);
  await sql`ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_body_check`.execute(db);
  await sql`ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_body_check CHECK (char_length(body) BETWEEN 1 AND 2000)`.execute(
    db,
  );
  await sql`ALTER TABLE chat_messages DROP COLUMN has_image`.execute(db);
  await sql`DROP TABLE chat_images`.execute(db);
}
