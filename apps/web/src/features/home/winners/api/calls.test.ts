import { getRankList } from '@tessera/contract/api/winners';
import { describe, expect, it } from 'vitest';
import { WINNER_CALLS } from './calls';

describe('winner call targets match the contract', () => {
  it('rank list', () => {
    expect(WINNER_CALLS.rankList).toEqual({ method: getRankList.method, path: getRankList.path });
  });
});
