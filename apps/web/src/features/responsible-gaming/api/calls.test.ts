import { getPlayerProtection, setDepositLimit, startExclusion } from '@tessera/contract/api/responsible-gaming';
import { describe, expect, it } from 'vitest';
import { RG_CALLS } from './calls';

describe('responsible-gaming call targets', () => {
  it.each(Object.entries({ get: getPlayerProtection, setDepositLimit, startExclusion }))(
    '%s matches the contract',
    (name, call) => {
      expect(RG_CALLS[name as keyof typeof RG_CALLS]).toEqual({ method: call.method, path: call.path });
    },
  );
});
