import { getBonusDetails, getTransactionHistory } from '@tessera/contract/api/records';
import { describe, expect, it } from 'vitest';
import { RECORD_CALLS } from './calls';

describe('record call targets', () => {
  it.each(Object.entries({ transactions: getTransactionHistory, bonuses: getBonusDetails }))(
    '%s matches the contract',
    (name, call) => {
      expect(RECORD_CALLS[name as keyof typeof RECORD_CALLS]).toEqual({ method: call.method, path: call.path });
    },
  );
});
