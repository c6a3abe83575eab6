import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * "At most once per interval" for a subject (a client address, a mobile number, an account), held in the
 * database so that every server instance enforces the same limit. The check and the mark are one atomic
 * statement: of two simultaneous callers exactly one gets the turn.
 *
 * Returns true when the caller may proceed (and records now as the last time), false when the previous
 * turn is younger than `intervalMs`.
 */
export async function takeTurn(db: Kysely<Database>, scope: string, key: string, intervalMs: number): Promise<boolean> {
  const interval = `${Math.max(0, Math.round(intervalMs))} milliseconds`;
  const result = await sql<{ scope: string }>`
    INSERT INTO rate_marks (scope, key, last_at) VALUES (${scope}, ${key}, now())
    ON CONFLICT (scope, key) DO UPDATE SET last_at = now()
    WHERE rate_marks.last_at <= now() - ${interval}::interval
    RETURNING scope`.execute(db);
  return result.rows.length === 1;
}

/** Forgets a subject's marks (an operator unlocking an account, a test starting clean). */
export async function clearTurns(db: Kysely<Database>, scope: string, key: string): Promise<void> {
  await db.deleteFrom('rate_marks').where('scope', '=', scope).where('key', '=', key).execute();
}
