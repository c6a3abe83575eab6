import { describe, expect, it } from 'vitest';
import { commitServerSeed, verifyServerSeed } from '../rng/fair.js';
import { drawRaffle, raffleClientSeed, ticketStarts } from './draw.js';

const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: raffleClientSeed('7'), nonce: 0 };

describe('raffle draw', () => {
  it('numbers tickets in list order', () => {
    expect(ticketStarts([{ tickets: 3 }, { tickets: 0 }, { tickets: 2 }])).toEqual([0, 3, 3]);
  });

  it('is the same for the same seed and list, and pinned by a known answer', () => {
    const blocks = [{ tickets: 5 }, { tickets: 1 }, { tickets: 10 }, { tickets: 0 }, { tickets: 4 }];
    const first = drawRaffle(seeds, blocks, 3);
    expect(drawRaffle(seeds, blocks, 3)).toEqual(first);
    expect(first).toMatchInlineSnapshot(`
      [
        {
          "holder": 0,
          "place": 1,
          "ticket": 4,
        },
        {
          "holder": 2,
          "place": 2,
          "ticket": 15,
        },
        {
          "holder": 1,
          "place": 3,
          "ticket": 5,
        },
      ]
    `);
  });

  it('gives each holder one prize at most, and no prize to a holder without tickets', () => {
    const blocks = [{ tickets: 50 }, { tickets: 0 }, { tickets: 1 }];
    const winners = drawRaffle(seeds, blocks, 5);
    expect(winners.map((w) => w.holder).sort()).toEqual([0, 2]);
    expect(winners.map((w) => w.place)).toEqual([1, 2]);
  });

  it('maps every winning ticket to the block that holds it', () => {
    const blocks = [{ tickets: 2 }, { tickets: 0 }, { tickets: 3 }, { tickets: 1 }];
    const starts = ticketStarts(blocks);
    for (const winner of drawRaffle(seeds, blocks, 3)) {
      const start = starts[winner.holder] as number;
      expect(winner.ticket).toBeGreaterThanOrEqual(start);
      expect(winner.ticket).toBeLessThan(start + (blocks[winner.holder]?.tickets ?? 0));
    }
  });

  it('draws nobody from an empty list', () => {
    expect(drawRaffle(seeds, [], 3)).toEqual([]);
    expect(drawRaffle(seeds, [{ tickets: 0 }], 3)).toEqual([]);
  });

  it('is verified against the commitment published before the draw', () => {
    expect(verifyServerSeed(seeds.serverSeed, commitServerSeed(seeds.serverSeed))).toBe(true);
  });
});
