import { describe, expect, it } from 'vitest';
import type { Db, Subscriber } from '../../db/connect.js';
import type { LoyaltyService } from './service.js';
import { LoyaltyTracker } from './tracker.js';

/** A tracker on a stand-in database whose ledger channel the test speaks on, counting the counts it asks for. */
function trackerWithCounts(pauseMs: number) {
  const counts: string[] = [];
  const loyalty = {
    catchUpMany: async (merchant: string, memberIds: bigint[]) => void counts.push(`${merchant}/${memberIds.join(',')}`),
  };
  const tracker = new LoyaltyTracker(
    loyalty as unknown as LoyaltyService,
    (error) => {
      throw error;
    },
    pauseMs,
  );
  let ledger: Subscriber | undefined;
  const db = {
    subscribe: async (_channel: string, subscriber: Subscriber) => {
      ledger = subscriber;
    },
  } as unknown as Db;
  const notify = (payload: object) => ledger?.onMessage(JSON.stringify(payload));
  return { tracker, db, counts, notify };
}

describe('LoyaltyTracker', () => {
  it("counts a burst of changes once, every member heard of in one catch-up, a merchant's apart", async () => {
    const { tracker, db, counts, notify } = trackerWithCounts(50);
    await tracker.listen(db);
    for (let spin = 0; spin < 40; spin++) notify({ merchant: 'm1', memberId: '7' });
    notify({ merchant: 'm1', memberIds: ['8', '7'] });
    notify({ merchant: 'm2', memberId: '9' });
    await tracker.idle();
    expect(counts).toEqual(['m1/7,8', 'm2/9']);
  });

  it('counts again for a change heard while a count was under way', async () => {
    const { tracker, db, counts, notify } = trackerWithCounts(30);
    await tracker.listen(db);
    notify({ merchant: 'm1', memberId: '7' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    notify({ merchant: 'm1', memberId: '7' });
    await tracker.idle();
    expect(counts).toEqual(['m1/7', 'm1/7']);
  });
});
