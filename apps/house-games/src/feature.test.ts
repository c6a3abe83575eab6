import type { Paytable, SlotOutcome } from '@tessera/contract/api/house-games';
import { describe, expect, it } from 'vitest';
import { freeSpinSteps, loadProgress, saveProgress } from './feature.js';

const paytable = {
  symbols: [
    { id: 'SCATTER', kind: 'scatter' },
    { id: 'A', kind: 'regular' },
  ],
  freeSpins: { minScatters: 3, spins: 2, multiplier: 3, retrigger: { minScatters: 3, spins: 2, maxSpins: 5 } },
} as unknown as Paytable;

const spinWith = (scatters: number) =>
  ({
    grid: [Array.from({ length: 5 }, (_, i) => (i < scatters ? 'SCATTER' : 'A'))],
  }) as unknown as SlotOutcome['base'];

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

describe('free-spin counter', () => {
  it('counts retriggers by the published rule, up to the cap', () => {
    const steps = freeSpinSteps(paytable, [spinWith(3), spinWith(0), spinWith(4), spinWith(3), spinWith(0)]);
    expect(steps.map((s) => [s.number, s.awarded, s.added])).toEqual([
      [1, 4, 2],
      [2, 4, 0],
      [3, 5, 1],
      [4, 5, 0],
      [5, 5, 0],
    ]);
  });

  it('has no steps for a game without free spins', () => {
    expect(freeSpinSteps({ ...paytable, freeSpins: null }, [spinWith(3)])).toEqual([]);
  });
});

describe('feature progress', () => {
  it('keeps the round and the spins shown per game, and forgets them', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    saveProgress(storage, 'TS_BENGAL_TIGER', { roundId: '42', shown: 3 });
    expect(loadProgress(storage, 'TS_BENGAL_TIGER')).toEqual({ roundId: '42', shown: 3 });
    expect(loadProgress(storage, 'TS_LOTUS_FORTUNE')).toBeNull();
    saveProgress(storage, 'TS_BENGAL_TIGER', null);
    expect(loadProgress(storage, 'TS_BENGAL_TIGER')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem('tessera.slots.feature.X', '{"roundId":1}');
    expect(loadProgress(storage as unknown as Storage, 'X')).toBeNull();
    storage.setItem('tessera.slots.feature.X', 'not json');
    expect(loadProgress(storage as unknown as Storage, 'X')).toBeNull();
  });
});
