import { drawFast3 } from '@tessera/house-engine/lottery/fast3';
import { drawVn } from '@tessera/house-engine/lottery/vn';
import { commitServerSeed, replayRound } from '@tessera/house-engine/rng/fair';
import { describe, expect, it } from 'vitest';
import { checkDraw } from './verify';

const serverSeed = 'ab'.repeat(32);
const clientSeed = 'TS_ELOTT_1M:202611210001';

describe('in-browser draw verification', () => {
  it('confirms a draw whose seed matches its commitment and re-computes its result', () => {
    const result = replayRound({ serverSeed, clientSeed, nonce: 0 }, drawFast3);
    const check = checkDraw({ kind: 'FAST3', serverSeed, clientSeed, commitment: commitServerSeed(serverSeed), result });
    expect(check).toEqual({ state: 'checked', commitmentMatches: true, recomputed: result, resultMatches: true });
  });

  it('ignores the key order the database returns', () => {
    const sheet = replayRound({ serverSeed, clientSeed, nonce: 0 }, drawVn);
    const reordered = { prizes: sheet.prizes.map(({ tier, numbers }) => ({ numbers, tier })) };
    const check = checkDraw({ kind: 'VN', serverSeed, clientSeed, commitment: commitServerSeed(serverSeed), result: reordered });
    expect(check.state === 'checked' && check.resultMatches).toBe(true);
  });

  it('flags a result that does not come from the seed, and a seed that is not the committed one', () => {
    const result = replayRound({ serverSeed, clientSeed, nonce: 0 }, drawFast3);
    const forged = { dice: [result.dice[0] === 6 ? 1 : 6, result.dice[1], result.dice[2]] };
    const wrongResult = checkDraw({
      kind: 'FAST3',
      serverSeed,
      clientSeed,
      commitment: commitServerSeed(serverSeed),
      result: forged,
    });
    expect(wrongResult.state === 'checked' && wrongResult.resultMatches).toBe(false);
    const otherCommitment = commitServerSeed('cd'.repeat(32));
    const wrongSeed = checkDraw({ kind: 'FAST3', serverSeed, clientSeed, commitment: otherCommitment, result });
    expect(wrongSeed.state === 'checked' && wrongSeed.commitmentMatches).toBe(false);
  });

  it('waits for the seed while the draw is still secret', () => {
    const check = checkDraw({
      kind: 'SEA5D',
      serverSeed: null,
      clientSeed,
      commitment: commitServerSeed(serverSeed),
      result: null,
    });
    expect(check).toEqual({ state: 'secret' });
  });
});
