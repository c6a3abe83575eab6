import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/connect.js';
import { LEDGER_CHANNEL } from './service.js';

const MAX_TRACKED = 100_000;
const MEMBER_ID = /^[1-9][0-9]{0,18}$/;
/**
 * How long a member's catch-up waits after the change that started it: the changes heard meanwhile are caught up with
 * it. A player spinning several times a second sends a NOTIFY per spin; caught up each time, the counts would cost
 * the database more than the spins did.
 */
export const MEMBER_CHANGE_PAUSE_MS = 500;

/**
 * Hears the ledger's NOTIFY (every committed change of a member's account, from any instance) and runs `catchUp` for
 * the member within a moment (`pauseMs`), off the money path. Per member one catch-up is under way at a time, and
 * the changes heard while it waits or runs cost one more between them. `catchUp` must count from its own mark, so
 * the same change heard twice, or by every instance, counts once.
 */
export class MemberChangeTracker {
  private readonly running = new Map<string, { again: boolean }>();

  constructor(
    private readonly catchUp: (merchant: string, memberId: bigint) => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
    private readonly pauseMs = MEMBER_CHANGE_PAUSE_MS,
  ) {}

  async listen(db: Db): Promise<void> {
    await db.subscribe(LEDGER_CHANNEL, { onMessage: (payload) => this.heard(payload), onReset: () => {} });
  }

  /** Settles once every catch-up in flight has finished (tests, shutdown). */
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
    void this.run(key, merchant, BigInt(memberId));
  }

  private async run(key: string, merchant: string, memberId: bigint) {
    const state = { again: false };
    this.running.set(key, state);
    try {
      do {
        await sleep(this.pauseMs, undefined, { ref: false });
        state.again = false;
        await this.catchUp(merchant, memberId);
      } while (state.again);
    } catch (error) {
      this.onError(error);
    } finally {
      this.running.delete(key);
    }
  }
}
