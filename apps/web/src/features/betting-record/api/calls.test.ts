import { getBettingRecord, getPersonalProfit } from '@tessera/contract/api/betting-record';
import { rotateSeed, verifyRound } from '@tessera/contract/api/house-games';
import { describe, expect, it } from 'vitest';
import { BETTING_CALLS } from './calls';

describe('betting record call targets', () => {
  it.each(Object.entries({ bets: getBettingRecord, profit: getPersonalProfit, verify: verifyRound, rotate: rotateSeed }))(
    '%s matches the contract',
    (name, call) => {
      expect(BETTING_CALLS[name as keyof typeof BETTING_CALLS]).toEqual({ method: call.method, path: call.path });
    },
  );
});
