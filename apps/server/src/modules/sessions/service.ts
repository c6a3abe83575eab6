import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SessionPrincipal {
  memberId: bigint;
  merchantCode: string;
}

/** Tokens are opaque random values; only their SHA-256 is stored, so a database leak yields no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** Resolves a bare token to its live session, or null when it is unknown, ended, expired or of another merchant. */
export async function verifyToken(db: Kysely<Database>, token: string, merchantCode: string): Promise<SessionPrincipal | null> {
  if (token.length < 16 || token.length > 256) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['member_id', 'merchant_code'])
    .where('token_hash', '=', hashToken(token))
    .where('ended_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.merchant_code !== merchantCode) return null;
  return { memberId: row.member_id, merchantCode: row.merchant_code };
}
