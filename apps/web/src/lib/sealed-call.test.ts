import { getRsaKey } from '@tessera/contract/api/accounts';
import { describe, expect, it } from 'vitest';
import { RSA_KEY_CALL } from './sealed-call';

describe('sealed calls', () => {
  it('fetch the key from the call target of the contract', () => {
    expect(RSA_KEY_CALL).toEqual({ method: getRsaKey.method, path: getRsaKey.path });
  });
});
