import { type Kysely, sql } from 'kysely';

/**
 * Triggers that announce changes read by per-process caches (db/change-channels.ts): a member's account type or
 * status, a member's exclusions, the catalogue's games and vendors. In the database rather than in the code, so no
 * writer can forget them; each NOTIFY is delivered when its transaction commits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'members' THEN
        PERFORM pg_notify('member_changed', NEW.id::text);
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('member_changed', OLD.member_id::text);
      ELSE
        PERFORM pg_notify('member_changed', NEW.member_id::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER members_changed AFTER UPDATE OF agent_type, status ON members
    FOR EACH ROW WHEN (OLD.agent_type IS DISTINCT FROM NEW.agent_type OR OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION notify_member_changed()`.execute(db);
  await sql`
    CREATE TRIGGER rg_exclusions_changed AFTER INSERT OR UPDATE OR DELETE ON rg_exclusions
    FOR EACH ROW EXECUTE FUNCTION notify_member_changed()`.execute(db);
  await sql`
    CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('catalogue_changed', '');
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['catalogue_games', 'catalogue_vendors']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_changed`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER catalogue_vendors_changed ON catalogue_vendors`.execute(db);
  await sql`DROP TRIGGER catalogue_games_changed ON catalogue_games`.execute(db);
  await sql`DROP FUNCTION notify_catalogue_changed()`.execute(db);
  await sql`DROP TRIGGER rg_exclusions_changed ON rg_exclusions`.execute(db);
  await sql`DROP TRIGGER members_changed ON members`.execute(db);
  await sql`DROP FUNCTION notify_member_changed()`.execute(db);
}
