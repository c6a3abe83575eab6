import { getMemberTransfers, sendMemberTransfer } from '@tessera/contract/api/member-transfers';
import { describe, expect, it } from 'vitest';
import { MEMBER_TRANSFER_CALLS } from './calls';

describe('member transfer call targets', () => {
  it.each(Object.entries({ get: getMemberTransfers, send: sendMemberTransfer }))('%s matches the contract', (name, call) => {
    expect(MEMBER_TRANSFER_CALLS[name as keyof typeof MEMBER_TRANSFER_CALLS]).toEqual({ method: call.method, path: call.path });
  });
});
