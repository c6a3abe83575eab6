import { listNotifications, liveStream, markNotificationsRead } from '@tessera/contract/api/notifications';
import { getBalance, getConsolidatedFunds, getMerchantWallet, walletTransfer } from '@tessera/contract/api/wallet';
import { describe, expect, it } from 'vitest';
import { WALLET_CALLS } from './calls';

const contract = {
  balance: getBalance,
  consolidated: getConsolidatedFunds,
  merchantWallet: getMerchantWallet,
  transfer: walletTransfer,
  notifications: listNotifications,
  notificationsRead: markNotificationsRead,
  live: liveStream,
};

describe('wallet call targets', () => {
  it.each(Object.entries(contract))('%s has the method and path of the contract', (name, call) => {
    expect(WALLET_CALLS[name as keyof typeof WALLET_CALLS]).toEqual({ method: call.method, path: call.path });
  });
});
