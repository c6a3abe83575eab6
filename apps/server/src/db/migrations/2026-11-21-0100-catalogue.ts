import { type Kysely, sql } from 'kysely';

/**
 * The game catalogue, per merchant. Natural keys (category code, classify key, vassalage, vendor + game code)
 * are unique so imports can upsert by them; list reads walk (vendor, sort_order, id) in index order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_categories (
      merchant_code text NOT NULL REFERENCES merchants(code),
      code text NOT NULL CHECK (code IN ('ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS')),
      sort_order integer NOT NULL CHECK (sort_order >= 0),
      enabled boolean NOT NULL,
      PRIMARY KEY (merchant_code, code)
    )`.execute(db);
  await sql`
    CREATE TABLE catalogue_classifies (
      merchant_code text NOT NULL REFERENCES merchants(code),
      key text NOT NULL CHECK (key ~ '^[A-Z0-9_]{1,32}$'),
      names jsonb NOT NULL CHECK (jsonb_typeof(names -> 'en') = 'string'),
      sort_order integer NOT NULL CHECK (sort_order >= 0),
      PRIMARY KEY (merchant_code, key)
    )`.execute(db);
  await sql`
    CREATE TABLE catalogue_vendors (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL,
      vassalage text NOT NULL CHECK (vassalage ~ '^[A-Z0-9_]{2,40}$'),
      display_name text NOT NULL,
      category text NOT NULL,
      account_type_name text NOT NULL,
      sort_order integer NOT NULL CHECK (sort_order >= 0),
      is_hot boolean NOT NULL,
      open_mode text NOT NULL CHECK (open_mode IN ('VASSALAGE', 'DIRECT')),
      status text NOT NULL CHECK (status IN ('active', 'maintenance', 'retired')),
      icon text NOT NULL,
      large_icon text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, vassalage),
      FOREIGN KEY (merchant_code, category) REFERENCES catalogue_categories (merchant_code, code)
    )`.execute(db);
  await sql`CREATE INDEX catalogue_vendors_by_category ON catalogue_vendors (merchant_code, category, sort_order, id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE catalogue_games (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      vendor_id bigint NOT NULL REFERENCES catalogue_vendors(id),
      game_code text NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
      names jsonb NOT NULL CHECK (jsonb_typeof(names -> 'en') = 'string'),
      search_name text NOT NULL,
      classify_key text NOT NULL,
      icon text NOT NULL,
      is_hot boolean NOT NULL,
      popularity integer NOT NULL CHECK (popularity >= 0),
      default_play_type text,
      status text NOT NULL CHECK (status IN ('active', 'maintenance', 'retired')),
      sort_order integer NOT NULL CHECK (sort_order >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_id, game_code),
      FOREIGN KEY (merchant_code, classify_key) REFERENCES catalogue_classifies (merchant_code, key)
    )`.execute(db);
  // Lists: by vendor in display order; hot and popular lists are small partial indexes.
  await sql`CREATE INDEX catalogue_games_by_vendor ON catalogue_games (vendor_id, sort_order, id)`.execute(db);
  await sql`CREATE INDEX catalogue_games_by_code ON catalogue_games (merchant_code, game_code)`.execute(db);
  await sql`CREATE INDEX catalogue_games_hot ON catalogue_games (merchant_code, sort_order, id) WHERE is_hot`.execute(db);
  await sql`CREATE INDEX catalogue_games_by_popularity ON catalogue_games (merchant_code, popularity DESC, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE catalogue_games`.execute(db);
  await sql`DROP TABLE catalogue_vendors`.execute(db);
  await sql`DROP TABLE catalogue_classifies`.execute(db);
  await sql`DROP TABLE catalogue_categories`.execute(db);
}
