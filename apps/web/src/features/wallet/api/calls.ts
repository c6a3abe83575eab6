import type { CallTarget } from '../../../lib/api-client';

/**
 * The calls of packages/contract/src/api/wallet.ts and api/notifications.ts, by method and path only (importing
 * the definitions would pull TypeBox into the browser). calls.test.ts fails when one differs from the contract.
 */
export const WALLET_CALLS = {
  balance: { method: 'GET', path: '/wps/v2/wallets/balance' },
  consolidated: { method: 'GET', path: '/wps/member/info/funds/consolidated' },
  merchantWallet: { method: 'GET', path: '/wps/relay/GCS_merchantWallet' },
  transfer: { method: 'POST', path: '/wps/relay/GCS_walletTransfer' },
  notifications: { method: 'GET', path: '/wps/member/notifications' },
  notificationsRead: { method: 'POST', path: '/wps/member/notifications/read' },
  live: { method: 'GET', path: '/wps/member/live' },
} as const satisfies Record<string, CallTarget>;
