import { GAME_SESSION_HEADER } from '@tessera/contract/api/house-games';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { memberOf } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { NotifiedCache } from '../../platform/notified-cache.js';
import { hashToken, type LiveSessions, liveCheckOf, newToken, type SessionLiveCheck } from '../sessions/service.js';
import * as repo from './repo.js';

/** A launch ticket travels in the frame's URL (history, logs): it works once, within a minute. */
export const TICKET_TTL_MS = 60_000;
/** A game session is the game client's only credential; it lasts one sitting. */
export const GAME_SESSION_TTL_MS = 4 * 3600_000;

export async function issueTicket(
  db: Kysely<Database>,
  launch: { merchant: string; memberId: bigint; siteSession: Buffer },
  gameCode: string,
): Promise<string> {
  const ticket = newToken();
  await repo.insertTicket(db, {
    merchant_code: launch.merchant,
    member_id: launch.memberId,
    site_session_hash: launch.siteSession,
    game_code: gameCode,
    ticket_hash: hashToken(ticket),
    ticket_expires_at: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

/** Spends the ticket; undefined when it is unknown, used or expired. Only hashes are stored. */
export async function exchangeTicket(db: Kysely<Database>, merchant: string, ticket: string) {
  const sessionToken = newToken();
  const expiresAt = new Date(Date.now() + GAME_SESSION_TTL_MS);
  const row = await repo.exchangeTicket(db, merchant, hashToken(ticket), hashToken(sessionToken), expiresAt);
  return row ? { sessionToken, expiresAt, memberId: row.member_id, gameCode: row.game_code } : undefined;
}

interface GameSession {
  memberId: bigint;
  gameCode: string;
  siteSessionHash: Buffer;
  createdAt: Date;
  expiresAt: number;
}

/** A game session row never changes once its ticket is exchanged: the cache needs no invalidation, only a bound. */
const GAME_SESSION_CACHE = { maxAgeMs: 5 * 60_000, maxEntries: 100_000 };

/** The game client's sessions: the player behind a game session token, checked on every house game call. */
export class GameSessions {
  private readonly cache = new NotifiedCache<GameSession>(GAME_SESSION_CACHE);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly liveSessions: LiveSessions,
  ) {
    this.cache.enable();
  }

  /**
   * The game session's player, while the site session that launched it lives: a logout, a password change or
   * reset, a newer login, an operator freeze or a self-exclusion ends it at once, on every instance.
   */
  async resolve(merchant: string, sessionToken: string) {
    const session = await this.unchecked(merchant, sessionToken);
    if (!session || !(await this.liveSessions.isLive(session.liveCheck))) return undefined;
    return { memberId: session.memberId, gameCode: session.gameCode };
  }

  /**
   * The player of a house game call: the game client's session, else the site token's member (the player's own
   * pages; the calls take an optional token). A game session is tied to one game.
   */
  async playerOf(request: FastifyRequest): Promise<Player> {
    const gameSession = single(request.headers[GAME_SESSION_HEADER]);
    if (gameSession) {
      const session = await this.resolve(request.merchantCode, gameSession);
      if (!session) throw new AppError('game.session.invalid');
      return session;
    }
    return { memberId: memberOf(request) };
  }

  /**
   * `playerOf` for a call whose own statement checks the site session (`liveCheck`, a spin): that check rides in
   * the statement instead of costing a round trip of its own. `settle` keeps the answer an ended session gets.
   */
  async uncheckedPlayerOf(request: FastifyRequest): Promise<Player & { liveCheck?: SessionLiveCheck }> {
    const gameSession = single(request.headers[GAME_SESSION_HEADER]);
    if (!gameSession) return { memberId: memberOf(request) };
    const session = await this.unchecked(request.merchantCode, gameSession);
    if (!session) throw new AppError('game.session.invalid');
    return session;
  }

  /**
   * Runs a call made by `uncheckedPlayerOf`'s player; should it refuse (a bet over the balance, an exclusion) while
   * the site session has ended, the answer is the ended session's, as `playerOf` would have given before the call.
   */
  async settle<T>(player: { liveCheck?: SessionLiveCheck }, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const { liveCheck } = player;
      if (
        error instanceof AppError &&
        error.code !== 'game.session.invalid' &&
        liveCheck &&
        !(await this.liveSessions.isLive(liveCheck))
      )
        throw new AppError('game.session.invalid');
      throw error;
    }
  }

  /** The game session behind the token, unexpired, with its site session's check not yet made. */
  private async unchecked(merchant: string, sessionToken: string) {
    const sessionHash = hashToken(sessionToken);
    const session = await this.cache.get(`${merchant}/${sessionHash.toString('base64')}`, async () => {
      const row = await repo.selectGameSession(this.db, merchant, sessionHash);
      if (!row?.site_session_hash || !row.session_expires_at) return undefined;
      return {
        memberId: row.member_id,
        gameCode: row.game_code,
        siteSessionHash: row.site_session_hash,
        createdAt: row.created_at,
        expiresAt: row.session_expires_at.getTime(),
      };
    });
    if (!session || session.expiresAt <= Date.now()) return undefined;
    return {
      memberId: session.memberId,
      gameCode: session.gameCode,
      liveCheck: liveCheckOf(session.siteSessionHash, session.createdAt),
    };
  }
}

interface Player {
  memberId: bigint;
  gameCode?: string;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
