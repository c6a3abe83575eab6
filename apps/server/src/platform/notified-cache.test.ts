import { describe, expect, it } from 'vitest';
import { NotifiedCache } from './notified-cache.js';

function counting() {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return `v${loads}`;
    },
    loads: () => loads,
  };
}

describe('NotifiedCache', () => {
  it('reads every time until enabled, then keeps a value until its group is invalidated', async () => {
    const cache = new NotifiedCache<string>({ maxAgeMs: 60_000, maxEntries: 10 });
    const source = counting();
    await cache.get('a', source.load, () => 'member-1');
    await cache.get('a', source.load, () => 'member-1');
    expect(source.loads()).toBe(2);
    cache.enable();
    expect(await cache.get('a', source.load, () => 'member-1')).toBe('v3');
    expect(await cache.get('a', source.load, () => 'member-1')).toBe('v3');
    cache.forgetGroup('member-2');
    expect(await cache.get('a', source.load, () => 'member-1')).toBe('v3');
    cache.forgetGroup('member-1');
    expect(await cache.get('a', source.load, () => 'member-1')).toBe('v4');
  });

  it('never keeps what a load read before an invalidation that arrived while it ran', async () => {
    const cache = new NotifiedCache<string>({ maxAgeMs: 60_000, maxEntries: 10 });
    cache.enable();
    const stale = cache.get('a', async () => {
      cache.clear();
      return 'read before the change';
    });
    expect(await stale).toBe('read before the change');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('reads again once a value is older than the bound, and keeps no answer of undefined', async () => {
    const cache = new NotifiedCache<string>({ maxAgeMs: 0, maxEntries: 10 });
    cache.enable();
    const source = counting();
    await cache.get('a', source.load);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.get('a', source.load);
    expect(source.loads()).toBe(2);
    let misses = 0;
    const miss = async () => {
      misses += 1;
      return undefined;
    };
    await cache.get('b', miss);
    await cache.get('b', miss);
    expect(misses).toBe(2);
  });
});
