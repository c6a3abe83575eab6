import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_EVENTS } from '@tessera/contract/routes/notifications';
import { describe, expect, it } from 'vitest';
import { handleLiveEvent } from './use-live-updates';

const TOKEN = 'token-1';
const WITHDRAWAL_ORDERS: QueryKey = ['withdrawal', 'orders', 1];
const WITHDRAWAL_INFO: QueryKey = ['withdrawal', 'info'];
const DEPOSIT_ORDERS: QueryKey = ['deposit', 'orders', 2];
const DEPOSIT_CHANNELS: QueryKey = ['deposit', 'channels', 'en'];
const BALANCE: QueryKey = ['wallet', 'balance', TOKEN];
const TRANSACTIONS: QueryKey = ['records', 'transactions', TOKEN, {}];
const BETS: QueryKey = ['betting-record', 'bets', TOKEN, 'en', {}];
const PROMOTIONS: QueryKey = ['promotions', 'list', TOKEN, 'en'];

function cacheWithEveryView() {
  const client = new QueryClient();
  for (const key of [
    WITHDRAWAL_ORDERS,
    WITHDRAWAL_INFO,
    DEPOSIT_ORDERS,
    DEPOSIT_CHANNELS,
    BALANCE,
    TRANSACTIONS,
    BETS,
    PROMOTIONS,
  ]) {
    client.setQueryData(key, { loaded: true });
  }
  return client;
}

const staleKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);

const notification = (type: string) =>
  JSON.stringify({ id: '1', type, payload: { amountMinor: '50000' }, read: false, createdAt: new Date(0).toISOString() });

describe('handleLiveEvent', () => {
  it('makes every withdrawal view stale when a withdrawal notification arrives', () => {
    const client = cacheWithEveryView();
    handleLiveEvent(client, TOKEN, LIVE_EVENTS.notification, notification('withdrawal.approved'));
    expect(staleKeys(client)).toEqual(expect.arrayContaining([WITHDRAWAL_ORDERS, WITHDRAWAL_INFO, BALANCE, TRANSACTIONS]));
    expect(staleKeys(client)).not.toContainEqual(DEPOSIT_ORDERS);
  });

  it('makes the deposit order list, balance, account record and promotions stale when a deposit notification arrives', () => {
    const client = cacheWithEveryView();
    handleLiveEvent(client, TOKEN, LIVE_EVENTS.notification, notification('deposit.approved'));
    expect(staleKeys(client)).toEqual(expect.arrayContaining([DEPOSIT_ORDERS, BALANCE, TRANSACTIONS, PROMOTIONS]));
    expect(staleKeys(client)).not.toContainEqual(WITHDRAWAL_ORDERS);
    expect(staleKeys(client)).not.toContainEqual(DEPOSIT_CHANNELS);
  });

  it('replaces the balance in place and makes the account record stale on a balance event', () => {
    const client = cacheWithEveryView();
    const balance = { balanceMinor: '123400', currency: 'BDT' };
    handleLiveEvent(client, TOKEN, LIVE_EVENTS.balance, JSON.stringify(balance));
    expect(client.getQueryData(BALANCE)).toEqual(balance);
    expect(staleKeys(client)).toEqual([TRANSACTIONS]);
  });

  it('makes every order view stale on (re)connecting', () => {
    const client = cacheWithEveryView();
    handleLiveEvent(client, TOKEN, LIVE_EVENTS.resync, '');
    expect(staleKeys(client)).toEqual(
      expect.arrayContaining([WITHDRAWAL_ORDERS, WITHDRAWAL_INFO, DEPOSIT_ORDERS, BALANCE, TRANSACTIONS]),
    );
    expect(staleKeys(client)).not.toContainEqual(BETS);
  });
});
