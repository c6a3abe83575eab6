import type { CallRoute } from '../api/call.js';

/** Method, path and access of the calls in api/wallet.ts, as plain data the browser imports without the schema library. */
export const walletRoutes = {
  getBalance: { id: 'wallet.balance', method: 'GET', path: '/wps/v2/wallets/balance', auth: 'token' },
  getConsolidatedFunds: {
    id: 'wallet.funds-consolidated',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    auth: 'token',
  },
  getMerchantWallet: { id: 'wallet.merchant-wallet', method: 'GET', path: '/wps/relay/GCS_merchantWallet', auth: 'token' },
  walletTransfer: { id: 'wallet.transfer', method: 'POST', path: '/wps/relay/GCS_walletTransfer', auth: 'token' },
} as const satisfies Record<string, CallRoute>;
