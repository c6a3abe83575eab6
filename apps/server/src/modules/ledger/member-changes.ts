import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/connect.js';
import { LEDGER_CHANNEL } from './service.js';

const MAX_TRACKED = 100_000;
const MEMBER_ID = /^[1-9][0-9]{0,18}$/;
/**
 * How long a catch-up waits after the change that started it: the changes heard meanwhile, of every member, are
 * caught up with it. A player spinning several times a second sends a NOTIFY per spin; caught up each time, member
 * by member, the counts would cost the database more than the spins did.
 */
export const MEMBER_CHANGE_PAUSE_MS = 500;

/**
 * Hears the ledger's NOTIFY (every committed change of a member's account, from any instance) and runs `catchUp`
 * within a moment (`pauseMs`) for every member heard of meanwhile, a merchant at a time, off the money path. One
 * catch-up is under way at a time; the members heard while it runs wait for the next. `catchUp` must count from
 * each member's own mark, so the same change heard twice, or by every instance, counts once.
 */
export class MemberChangeTracker {
  /** Members heard of and not yet caught up, by merchant. */
  private pending = new Map<string, Set<string>>();
  private size = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly catchUp: (merchant: string, memberIds: bigint[]) => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
    private readonly pauseMs = MEMBER_CHANGE_PAUSE_MS,
  ) {}

  async listen(db: Db): Promise<void> {
    await db.subscribe(LEDGER_CHANNEL, { onMessage: (payload) => this.heard(payload), onReset: () => {} });
  }

  /** Settles once every catch-up in flight has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
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
    const members = this.pending.get(merchant) ?? new Set<string>();
    if (!members.has(memberId)) {
      if (this.size >= MAX_TRACKED) return;
      members.add(memberId);
      this.size++;
      this.pending.set(merchant, members);
    }
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
  }

  private async run() {
    while (this.size > 0) {
      await sleep(this.pauseMs, undefined, { ref: false });
      const heard = this.pending;
      this.pending = new Map();
      this.size = 0;
      for (const [merchant, members] of heard) {
        try {
          await this.catchUp(merchant, [...members].map(BigInt));
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }
}
