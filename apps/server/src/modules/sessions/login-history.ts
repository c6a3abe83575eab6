import type { LoginRecord } from '@tessera/contract/api/inbox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionPrincipal } from '../../http/request-context.js';
import { endOtherSessions } from './service.js';

const HISTORY_SIZE = 20;

/**
 * A member's own sign-ins (the security centre's login history): when, from which address and device, and which
 * are still live. The country is the address's country as the GeoIP data places it now.
 */
export class LoginHistory {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly countryOf: (ip: string) => string | null,
  ) {}

  async list(session: SessionPrincipal): Promise<LoginRecord[]> {
    const now = new Date();
    const rows = await this.db
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'ip', 'device', 'ended_at', 'expires_at'])
      .where('member_id', '=', session.memberId)
      .where('merchant_code', '=', session.merchantCode)
      .orderBy('created_at', 'desc')
      .limit(HISTORY_SIZE)
      .execute();
    return rows.map((row) => ({
      at: row.created_at.getTime(),
      ip: row.ip,
      country: row.ip ? this.countryOf(row.ip) : null,
      device: row.device,
      current: Buffer.from(row.token_hash).equals(session.tokenHash),
      live: row.ended_at === null && row.expires_at > now,
    }));
  }

  /** Ends the member's other live sessions; the single-session rule usually leaves none. */
  async signOutOthers(session: SessionPrincipal): Promise<{ ended: number }> {
    const ended = await this.db.transaction().execute((trx) => endOtherSessions(trx, session.memberId, session.tokenHash));
    return { ended };
  }
}
