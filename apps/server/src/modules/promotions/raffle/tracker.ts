import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../../db/connect.js';
import { LEDGER_CHANNEL } from '../../ledger/service.js';
import type { RaffleService } from './service.js';

const MAX_TRACKED = 100_000;
const MEMBER_ID = /^[1-9][0-9]{0,18}$/;
/** A member's count waits this long after the change that started it: a burst of spins costs one count. */
export const RAFFLE_COUNT_PAUSE_MS = 500;

/**
 * Hears the ledger's NOTIFY (every committed change of a member's account, from any instance) and has the member's
 * new bets counted into the open raffles within a moment. The count is a catch-up from the entry's mark, so a
 * replayed or duplicated event, or the same event heard by every instance, counts nothing twice; a missed one is
 * made up by the next count, the member opening the raffle, or the draw's closing count.
 */
export class RaffleTracker {
  private readonly running = new Map<string, { again: boolean }>();

  constructor(
    private readonly raffles: RaffleService,
    private readonly onError: (error: unknown) => void,
    private readonly pauseMs = RAFFLE_COUNT_PAUSE_MS,
  ) {}

  async listen(db: Db): Promise<void> {
    await db.subscribe(LEDGER_CHANNEL, { onMessage: (payload) => this.heard(payload), onReset: () => {} });
  }

  /** Settles once every count in flight has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** A payload names one member (`memberId`) or, for a batch of credits, many (`memberIds`). */
  heard(payload: string): void {
    let event: { merchant?: unknown; memberId?: unknown; memberIds?: unknown };
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    const { merchant } = event;
    if (typeof merchant !== 'string') return;
    const ids = Array.isArray(event.memberIds) ? event.memberIds : [event.memberId];
    for (const id of ids) if (typeof id === 'string' && MEMBER_ID.test(id)) this.heardOf(merchant, id);
  }

  private heardOf(merchant: string, memberId: string) {
    const key = `${merchant}/${memberId}`;
    const known = this.running.get(key);
    if (known) {
      known.again = true;
      return;
    }
    if (this.running.size >= MAX_TRACKED) return;
    void this.count(key, merchant, BigInt(memberId));
  }

  private async count(key: string, merchant: string, memberId: bigint) {
    const state = { again: false };
    this.running.set(key, state);
    try {
      do {
        await sleep(this.pauseMs, undefined, { ref: false });
        state.again = false;
        await this.raffles.catchUp(merchant, memberId);
      } while (state.again);
    } catch (error) {
      this.onError(error);
    } finally {
      this.running.delete(key);
    }
  }
}
