import { type Kysely, sql } from 'kysely';

/**
 * The cache channels' announcements (db/change-channels.ts, `session_ended`) go through `notify_change`: a NOTIFY
 * for the other instances' listeners, and for the writing connection itself, when it asks by the setting
 * `tessera.own_changes`, a NOTICE its client applies once the connection comes back to the pool (after the
 * commit). No pooled connection needs to LISTEN for its own writes any more, and PostgreSQL wakes every listening
 * backend on every NOTIFY.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_change(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(channel, payload);
      IF current_setting('tessera.own_changes', true) = 'on' THEN
        RAISE NOTICE USING MESSAGE = 'tessera.change', DETAIL = channel, HINT = payload;
      END IF;
    END $$`.execute(db);
  await defineTriggerFunctions(db, 'notify_change');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await defineTriggerFunctions(db, 'pg_notify');
  await sql`DROP FUNCTION notify_change(text, text)`.execute(db);
}

async function defineTriggerFunctions(db: Kysely<unknown>, notify: 'notify_change' | 'pg_notify'): Promise<void> {
  const call = sql.raw(notify);
  await sql`
    CREATE OR REPLACE FUNCTION notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'members' THEN
        PERFORM ${call}('member_changed', NEW.id::text);
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM ${call}('member_changed', OLD.member_id::text);
      ELSE
        PERFORM ${call}('member_changed', NEW.member_id::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ${call}('catalogue_changed', '');
      RETURN NULL;
    END $$`.execute(db);
}
