import { claimCashback, getCashback } from '@tessera/contract/api/cashback';
import { describe, expect, it } from 'vitest';
import { CASHBACK_CALLS } from './calls';

describe('cashback call targets', () => {
  it.each(Object.entries({ get: getCashback, claim: claimCashback }))('%s matches the contract', (name, call) => {
    expect(CASHBACK_CALLS[name as keyof typeof CASHBACK_CALLS]).toEqual({ method: call.method, path: call.path });
  });
});
