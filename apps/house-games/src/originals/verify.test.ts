import type { RoundVerification } from '@tessera/contract/api/house-games';
import { originalWin, playOriginal } from '@tessera/house-engine/originals/originals';
import { commitServerSeed, FairStream } from '@tessera/house-engine/rng/fair';
import { describe, expect, it } from 'vitest';
import { verifyOriginal } from './verify.js';

const serverSeed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const outcome = playOriginal(new FairStream({ serverSeed, clientSeed: 'mine', nonce: 3 }), { game: 'limbo', target: 150 });
const verification = (
  changes: Partial<RoundVerification['round']> = {},
  seed: string | null = serverSeed,
): RoundVerification => ({
  round: {
    roundId: '7',
    gameCode: 'TS_LIMBO',
    engineGame: 'limbo',
    bet: '1000',
    win: originalWin(outcome, 1000n).toString(),
    playMoney: false,
    commitment: commitServerSeed(serverSeed),
    clientSeed: 'mine',
    nonce: 3,
    time: 0,
    outcome,
    ...changes,
  },
  serverSeed: seed,
  verified: null,
  recomputed: null,
});

describe('verifying an instant game round in the browser', () => {
  it('replays the round from its revealed seed', () => {
    expect(verifyOriginal(verification())).toBe('verified');
    expect(verifyOriginal(verification({}, null))).toBe('sealed');
  });

  it('catches a round whose outcome, win, nonce or commitment does not match', () => {
    expect(verifyOriginal(verification({ nonce: 4 }))).toBe('mismatch');
    expect(verifyOriginal(verification({ win: '999999' }))).toBe('mismatch');
    expect(verifyOriginal(verification({ outcome: Object.assign({}, outcome, { result: 12_345 }) }))).toBe('mismatch');
    expect(verifyOriginal(verification({ commitment: commitServerSeed('ff'.repeat(32)) }))).toBe('mismatch');
  });
});

describe('verifying a mines round in the browser', () => {
  const seeds = { serverSeed, clientSeed: 'mine', nonce: 5 };
  const mines = playOriginal(new FairStream(seeds), { game: 'mines', mines: 4, picks: [0, 6, 12, 18] });
  const round = (changes: Partial<RoundVerification['round']> = {}) =>
    verification({
      gameCode: 'TS_MINES',
      engineGame: 'mines',
      nonce: 5,
      outcome: mines,
      win: originalWin(mines, 1000n).toString(),
      ...changes,
    });

  it('places the mines again from the seeds and replays the picks', () => {
    expect(verifyOriginal(round())).toBe('verified');
  });

  it('catches moved mines or a changed win', () => {
    if (mines.game !== 'mines') throw new Error('not a mines round');
    const moved = mines.mineTiles.map((tile) => (tile + 1) % 25);
    expect(verifyOriginal(round({ outcome: { ...mines, mineTiles: moved } }))).toBe('mismatch');
    expect(verifyOriginal(round({ win: String(originalWin(mines, 1000n) + 1n) }))).toBe('mismatch');
  });
});
