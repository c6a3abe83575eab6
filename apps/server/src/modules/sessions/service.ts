import { hash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { NotifiedCache } from '../../platform/notified-cache.js';

/**
 * Session lifetime: 12 hours after the last use (sliding, refreshed at most every 10 minutes so that a busy
 * player costs one write per 10 minutes, not one per call), and never more than 7 days after login.
 */
export const SESSION_IDLE_MS = 12 * 3600_000;
export const SESSION_REFRESH_MS = 10 * 60_000;
export const SESSION_MAX_MS = 7 * 24 * 3600_000;

/**
 * Tokens are opaque random values; only their SHA-256 is stored, so a database leak yields no usable token. Every
 * token call hashes one: the one-shot digest skips the Hash object `createHash` builds.
 */
export const hashToken = (token: string) => hash('sha256', token, 'buffer');

/** 32 random bytes, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

interface LiveSession {
  memberId: bigint;
  merchantCode: string;
  expiresAt: number;
  createdAt: number;
}

/** Bounds how long a missed notification (none is expected: a lost listener clears the cache) could keep a session alive. */
const SESSION_CACHE = { maxAgeMs: 30_000, maxEntries: 200_000 };

/**
 * The live sessions behind tokens, cached in process: every call with a token checks one, so reading it from the
 * database each time would be most of a call's work. An ending anywhere (`endSessions`, announced on
 * `SESSION_ENDED_CHANNEL`) drops the member's sessions from every instance's cache before the next request; expiry
 * is checked on every use.
 */
export class LiveSessions {
  private readonly cache = new NotifiedCache<LiveSession>(SESSION_CACHE);

  constructor(private readonly db: Kysely<Database>) {}

  /** Starts caching, once endings reach this process (this instance's own before its ending statement returns). */
  async listen(connection: Db): Promise<void> {
    await connection.subscribe(
      SESSION_ENDED_CHANNEL,
      {
        onMessage: (payload) => {
          const memberId = endedMemberOf(payload);
          if (memberId === null) this.cache.clear();
          else this.cache.forgetGroup(memberId);
        },
        onReset: () => this.cache.clear(),
      },
      { ownWritesFirst: true },
    );
    this.cache.enable();
  }

  /** Resolves a bare token to its live session, or null when it is unknown, ended, expired or of another merchant. */
  async verify(token: string, merchantCode: string): Promise<SessionPrincipal | null> {
    if (token.length < 16 || token.length > 256) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const session = await this.live(tokenHash, now);
    if (!session || session.merchantCode !== merchantCode) return null;
    if (session.expiresAt - now < SESSION_IDLE_MS - SESSION_REFRESH_MS) {
      const expiresAt = now + SESSION_IDLE_MS;
      await this.db
        .updateTable('sessions')
        .set({ expires_at: new Date(expiresAt) })
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .execute();
      this.cache.update(cacheKey(tokenHash), { ...session, expiresAt });
    }
    return { memberId: session.memberId, merchantCode: session.merchantCode, tokenHash };
  }

  /**
   * Whether a credential a session handed out at `issuedAt` (a game session) still stands: the session is live and
   * has not voided what it handed out since (a password change keeps the session but voids its game sessions).
   * Read from the database, not the cache: a game session moves money, and its end must hold at once on every
   * instance, while another instance's cache hears of it only when the notification arrives.
   */
  async isLive(check: SessionLiveCheck): Promise<boolean> {
    const { rows } = await sql<{ live: boolean }>`
      SELECT site_session_live(${check.tokenHash}, ${check.issuedAt}, ${check.now}, ${check.oldest}) AS live`.execute(this.db);
    return rows[0]?.live === true;
  }

  private async live(tokenHash: Buffer, now: number): Promise<LiveSession | undefined> {
    const session = await this.cache.get(
      cacheKey(tokenHash),
      () => selectLiveSession(this.db, tokenHash, now),
      (live) => live.memberId.toString(),
    );
    if (!session || session.expiresAt <= now || session.createdAt <= now - SESSION_MAX_MS) return undefined;
    return session;
  }
}

/**
 * The arguments of `site_session_live` (migration 2026-11-28-0300) for a credential the session `tokenHash` handed
 * out at `issuedAt`: `isLive` asks it, and a statement that moves money on that credential may ask it itself.
 */
export interface SessionLiveCheck {
  tokenHash: Buffer;
  issuedAt: Date;
  now: Date;
  oldest: Date;
}

export function liveCheckOf(tokenHash: Buffer, issuedAt: Date): SessionLiveCheck {
  const now = Date.now();
  return { tokenHash, issuedAt, now: new Date(now), oldest: new Date(now - SESSION_MAX_MS) };
}

const cacheKey = (tokenHash: Buffer) => tokenHash.toString('base64');

function endedMemberOf(payload: string): string | null {
  try {
    const memberId = (JSON.parse(payload) as { memberId?: unknown }).memberId;
    return typeof memberId === 'string' ? memberId : null;
  } catch {
    return null;
  }
}

async function selectLiveSession(db: Kysely<Database>, tokenHash: Buffer, now: number): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['member_id', 'merchant_code', 'expires_at', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .where('created_at', '>', new Date(now - SESSION_MAX_MS))
    .executeTakeFirst();
  return (
    row && {
      memberId: row.member_id,
      merchantCode: row.merchant_code,
      expiresAt: row.expires_at.getTime(),
      createdAt: row.created_at.getTime(),
    }
  );
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

/** Why a session ended; `replaced` is the only one its holder is told about (`login.session.replaced`). */
export type SessionEndReason =
  | 'replaced'
  | 'logout'
  | 'password.changed'
  | 'password.reset'
  | 'operator.frozen'
  | 'self.excluded';

/**
 * NOTIFY channel of every ended session, payload `{"memberId":"…","reason":"…"}`, delivered when the ending
 * commits: how another instance learns that what it may hold for the member (cached sessions, exclusion state)
 * is stale.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/**
 * The one place a session ends (logout, a password change or reset, a newer login, an operator freeze,
 * self-exclusion): marks it ended and announces it on `SESSION_ENDED_CHANNEL` in the caller's transaction.
 * Everything the session authorised ends with it: a game session is checked against its site session on every
 * call (`LiveSessions.isLive`), so it stops at once on every instance.
 */
async function endSessions(
  db: Kysely<Database>,
  which: { memberId: bigint } | { tokenHash: Buffer },
  reason: SessionEndReason,
): Promise<void> {
  let query = db.updateTable('sessions').set({ ended_at: new Date(), end_reason: reason }).where('ended_at', 'is', null);
  query = 'memberId' in which ? query.where('member_id', '=', which.memberId) : query.where('token_hash', '=', which.tokenHash);
  const ended = await query.returning('member_id').execute();
  for (const memberId of new Set(ended.map((row) => row.member_id))) {
    const payload = JSON.stringify({ memberId: memberId.toString(), reason });
    await sql`SELECT notify_change(${SESSION_ENDED_CHANNEL}, ${payload})`.execute(db);
  }
}

/**
 * A password change keeps the session it was made in (the player stays signed in) but ends everything that
 * session handed out before, as if it had ended: announced like an ending.
 */
export async function endDerivedSessions(db: Kysely<Database>, tokenHash: Buffer): Promise<void> {
  const row = await db
    .updateTable('sessions')
    .set({ derived_ended_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .returning('member_id')
    .executeTakeFirst();
  if (row) {
    const payload = JSON.stringify({ memberId: row.member_id.toString(), reason: 'password.changed' });
    await sql`SELECT notify_change(${SESSION_ENDED_CHANNEL}, ${payload})`.execute(db);
  }
}

/**
 * Starts a session and ends every other live session of the member ('replaced'): one active session per
 * account (DESIGN §2). Runs in the caller's transaction, which must hold the member's row lock so that two
 * simultaneous logins cannot both stay live (the partial unique index backs this up).
 */
export async function startSession(
  trx: Kysely<Database>,
  member: { memberId: bigint; merchantCode: string; ip: string; device?: string | null },
): Promise<string> {
  await endSessions(trx, { memberId: member.memberId }, 'replaced');
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
      device: member.device ?? null,
    })
    .execute();
  return token;
}

export function endSession(db: Kysely<Database>, tokenHash: Buffer, reason: 'logout'): Promise<void> {
  return endSessions(db, { tokenHash }, reason);
}

/** Ends every live session of the member but the one of `keep` (the player's "sign out other sessions"). */
export async function endOtherSessions(db: Kysely<Database>, memberId: bigint, keep: Buffer): Promise<number> {
  const others = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .where('token_hash', '!=', keep)
    .execute();
  for (const other of others) await endSessions(db, { tokenHash: other.token_hash }, 'logout');
  return others.length;
}

/** Ends every live session of a member (an operator freezing the account, a password reset, self-exclusion). */
export function endMemberSessions(db: Kysely<Database>, memberId: bigint, reason: SessionEndReason): Promise<void> {
  return endSessions(db, { memberId }, reason);
}
