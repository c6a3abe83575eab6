import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import type { Kysely } from 'kysely';
import { CATALOGUE_CHANGED_CHANNEL, MEMBER_CHANGED_CHANNEL } from '../../db/change-channels.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { NotifiedCache } from '../../platform/notified-cache.js';
import { type ExclusionRow, exclusionsFrom, refuseIfExcluded } from '../responsible-gaming/service.js';
import { selectLaunchGame, selectMemberKind } from './repo.js';

type ListedGame = NonNullable<Awaited<ReturnType<typeof selectLaunchGame>>>;

interface MemberPlayState {
  merchantCode: string | undefined;
  agentType: number | undefined;
  exclusions: readonly ExclusionRow[];
}

/** Bounds staleness should a notification ever be missed (none is expected: a lost listener clears everything). */
const CACHE_MAX_AGE_MS = 60_000;

/**
 * What every bet is checked against before it is taken — the game as the merchant's catalogue lists it, the member's
 * exclusions, whether the member plays with play money — kept in process: none changes per bet. The database's
 * triggers announce every change (db/change-channels.ts), which drops the copies of every instance before its next
 * request; exclusion end times are judged at each use.
 */
export class PlayChecks {
  private readonly games = new NotifiedCache<ListedGame>({ maxAgeMs: CACHE_MAX_AGE_MS, maxEntries: 20_000 });
  private readonly members = new NotifiedCache<MemberPlayState>({ maxAgeMs: CACHE_MAX_AGE_MS, maxEntries: 200_000 });

  constructor(private readonly db: Kysely<Database>) {}

  /** Starts caching, once changes reach this process (this instance's own before its writing statement returns). */
  async listen(connection: Db): Promise<void> {
    const clearGames = () => this.games.clear();
    await connection.subscribe(
      CATALOGUE_CHANGED_CHANNEL,
      { onMessage: clearGames, onReset: clearGames },
      { ownWritesFirst: true },
    );
    await connection.subscribe(
      MEMBER_CHANGED_CHANNEL,
      { onMessage: (memberId) => this.members.forget(memberId), onReset: () => this.members.clear() },
      { ownWritesFirst: true },
    );
    this.games.enable();
    this.members.enable();
  }

  /** A game as the merchant's catalogue lists it (its status and its vendor's), or undefined. */
  listedGame(merchant: string, vassalage: string, gameCode: string): Promise<ListedGame | undefined> {
    return this.games.get(JSON.stringify([merchant, vassalage, gameCode]), () =>
      selectLaunchGame(this.db, merchant, vassalage, gameCode),
    );
  }

  /** Refuses (`rg.excluded`, `rg.excluded.permanent`) while the member is in a time-out or self-exclusion. */
  async assertMayPlay(memberId: bigint): Promise<void> {
    refuseIfExcluded((await this.member(memberId)).exclusions);
  }

  /** Trial accounts (agent type 4) hold play money: their bets go to the house's play-money account. */
  async isTrial(merchant: string, memberId: bigint): Promise<boolean> {
    const member = await this.member(memberId);
    return member.merchantCode === merchant && member.agentType === TRIAL_TYPE;
  }

  private async member(memberId: bigint): Promise<MemberPlayState> {
    const state = await this.members.get(memberId.toString(), async () => {
      const [member, exclusions] = await Promise.all([selectMemberKind(this.db, memberId), exclusionsFrom(this.db, memberId)]);
      return { merchantCode: member?.merchant_code, agentType: member?.agent_type, exclusions };
    });
    if (!state) throw new Error('play checks: a member state that did not load');
    return state;
  }
}
