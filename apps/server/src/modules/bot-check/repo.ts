import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Marks a challenge used; false when it already was (of two simultaneous uses exactly one wins). */
export async function spend(
  db: Kysely<Database>,
  merchantCode: string,
  challengeHash: Buffer,
  expiresAt: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('bot_check_spent')
    .values({ challenge_hash: challengeHash, merchant_code: merchantCode, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('challenge_hash').doNothing())
    .returning('challenge_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets used challenges whose expiry has passed: the signature check refuses them by then anyway. */
export async function sweepSpent(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('bot_check_spent').where('expires_at', '<', now).execute();
}
