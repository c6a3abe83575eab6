import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';

/**
 * Session lifetime: 12 hours after the last use (sliding, refreshed at most every 10 minutes so that a busy
 * player costs one write per 10 minutes, not one per call), and never more than 7 days after login.
 */
export const SESSION_IDLE_MS = 12 * 3600_000;
export const SESSION_REFRESH_MS = 10 * 60_000;
export const SESSION_MAX_MS = 7 * 24 * 3600_000;

/** Tokens are opaque random values; only their SHA-256 is stored, so a database leak yields no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** 32 random bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Resolves a bare token to its live session, or null when it is unknown, ended, expired or of another merchant. */
export async function verifyToken(db: Kysely<Database>, token: string, merchantCode: string): Promise<SessionPrincipal | null> {
  if (token.length < 16 || token.length > 256) return null;
  const tokenHash = hashToken(token);
  const now = Date.now();
  const row = await db
    .selectFrom('sessions')
    .select(['member_id', 'merchant_code', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .where('created_at', '>', new Date(now - SESSION_MAX_MS))
    .executeTakeFirst();
  if (!row || row.merchant_code !== merchantCode) return null;
  if (row.expires_at.getTime() - now < SESSION_IDLE_MS - SESSION_REFRESH_MS) {
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(now + SESSION_IDLE_MS) })
      .where('token_hash', '=', tokenHash)
      .where('ended_at', 'is', null)
      .execute();
  }
  return { memberId: row.member_id, merchantCode: row.merchant_code, tokenHash };
}

/**
 * Whether a token's session was ended by a newer login of its member, recently enough that it would still be
 * live: only the holder of the token can ask, so it tells no one else anything.
 */
export async function wasReplaced(db: Kysely<Database>, token: string, merchantCode: string): Promise<boolean> {
  if (token.length < 16 || token.length > 256) return false;
  const row = await db
    .selectFrom('sessions')
    .select('merchant_code')
    .where('token_hash', '=', hashToken(token))
    .where('end_reason', '=', 'replaced')
    .where('ended_at', '>', new Date(Date.now() - SESSION_IDLE_MS))
    .executeTakeFirst();
  return row?.merchant_code === merchantCode;
}

/**
 * Starts a session and ends every other live session of the member ('replaced'): one active session per
 * account (DESIGN §2). Runs in the caller's transaction, which must hold the member's row lock so that two
 * simultaneous logins cannot both stay live (the partial unique index backs this up).
 */
export async function startSession(
  trx: Kysely<Database>,
  member: { memberId: bigint; merchantCode: string; ip: string },
): Promise<string> {
  await trx
    .updateTable('sessions')
    .set({ ended_at: new Date(), end_reason: 'replaced' })
    .where('member_id', '=', member.memberId)
    .where('ended_at', 'is', null)
    .execute();
  const token = newToken();
  await trx
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      member_id: member.memberId,
      merchant_code: member.merchantCode,
      expires_at: new Date(Date.now() + SESSION_IDLE_MS),
      ended_at: null,
      end_reason: null,
      ip: member.ip,
    })
    .execute();
  return token;
}

export async function endSession(db: Kysely<Database>, tokenHash: Buffer, reason: 'logout' | 'password.changed'): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: new Date(), end_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every live session of a member (an operator freezing the account, a password reset). */
export async function endMemberSessions(db: Kysely<Database>, memberId: bigint, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: new Date(), end_reason: reason })
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .execute();
}
