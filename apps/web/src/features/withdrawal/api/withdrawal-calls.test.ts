import {
  confirmWithdrawal,
  createWithdrawal,
  getWithdrawalInfo,
  listWithdrawals,
  reportWithdrawalNotReceived,
} from '@tessera/contract/api/withdrawals';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_CALLS } from './withdrawal-calls';

const contract = {
  info: getWithdrawalInfo,
  create: createWithdrawal,
  orders: listWithdrawals,
  confirm: confirmWithdrawal,
  notReceived: reportWithdrawalNotReceived,
};

describe('withdrawal call targets', () => {
  it.each(Object.entries(contract))('%s has the method and path of the contract', (name, call) => {
    expect(WITHDRAWAL_CALLS[name as keyof typeof WITHDRAWAL_CALLS]).toEqual({ method: call.method, path: call.path });
  });
});
