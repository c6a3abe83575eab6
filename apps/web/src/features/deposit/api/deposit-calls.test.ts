import { createDeposit, listDepositChannels, listDepositOrders, uploadDepositProof } from '@tessera/contract/api/deposits';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_CALLS } from './deposit-calls';

const contract = { channels: listDepositChannels, create: createDeposit, orders: listDepositOrders, proof: uploadDepositProof };

describe('deposit call targets', () => {
  it.each(Object.entries(contract))('%s has the method and path of the contract', (name, call) => {
    expect(DEPOSIT_CALLS[name as keyof typeof DEPOSIT_CALLS]).toEqual({ method: call.method, path: call.path });
  });
});
