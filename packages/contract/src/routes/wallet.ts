import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/wallet.ts, as plain data the browser imports without the schema
 * library (`import * as walletRoutes from '@tessera/contract/routes/wallet'`; unused routes drop out of the bundle).
 */

export const getBalance = {
  id: 'wallet.balance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  auth: 'token',
} as const satisfies CallRoute;

export const getConsolidatedFunds = {
  id: 'wallet.funds-consolidated',
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  auth: 'token',
} as const satisfies CallRoute;

export const getMerchantWallet = {
  id: 'wallet.merchant-wallet',
  method: 'GET',
  path: '/wps/relay/GCS_merchantWallet',
  auth: 'token',
} as const satisfies CallRoute;

export const walletTransfer = {
  id: 'wallet.transfer',
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  auth: 'token',
} as const satisfies CallRoute;
