import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Re-encoded pictures live in the database, not on one instance's disk, so any instance serves them. The name is
  // random and public (an <img> sends no token); the picture under a name never changes, so it is cached for a year.
  await sql`
    CREATE TABLE member_avatar_images (
      name text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9_-]{22}$'),
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      mime text NOT NULL CHECK (mime = 'image/webp'),
      data bytea NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 1048576),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX member_avatar_images_by_member ON member_avatar_images (member_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_avatar_images`.execute(db);
}
