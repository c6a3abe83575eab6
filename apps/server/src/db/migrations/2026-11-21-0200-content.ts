import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE announcements (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
      platform text NOT NULL DEFAULT 'A' CHECK (platform IN ('A', 'W', 'M')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      sort_order integer NOT NULL DEFAULT 0,
      image_path text,
      group_name text,
      linkage_type text NOT NULL DEFAULT 'none' CHECK (linkage_type IN ('none', 'route', 'url')),
      link text,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      CHECK (ends_at IS NULL OR ends_at > starts_at),
      CHECK ((linkage_type = 'none') = (link IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX announcements_live ON announcements (merchant_code, type, starts_at)`.execute(db);
  await sql`
    CREATE TABLE announcement_texts (
      announcement_id bigint NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
      language text NOT NULL CHECK (language ~ '^[a-z]{2,3}$'),
      title text NOT NULL,
      content text NOT NULL,
      PRIMARY KEY (announcement_id, language)
    )`.execute(db);
  // No foreign key to announcements: the trail outlives a removed announcement.
  await sql`
    CREATE TABLE announcement_audit (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      announcement_id bigint NOT NULL,
      action text NOT NULL CHECK (action IN ('create', 'update', 'remove')),
      old_value jsonb,
      new_value jsonb,
      actor text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX announcement_audit_by_merchant ON announcement_audit (merchant_code, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE announcement_audit`.execute(db);
  await sql`DROP TABLE announcement_texts`.execute(db);
  await sql`DROP TABLE announcements`.execute(db);
}
