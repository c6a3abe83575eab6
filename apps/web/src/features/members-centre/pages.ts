import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { MembersCentrePageKey } from './entries';

/**
 * The members-centre page registry: ONE line per page, `pageKey: lazy(() => import(...))`, the module
 * default-exporting its page. An entry whose page is not listed here is hidden, never shown empty.
 */
export const MEMBERS_CENTRE_PAGES: Partial<Record<MembersCentrePageKey, LazyExoticComponent<ComponentType>>> = {
  transferFund: lazy(() => import('../wallet/components/my-wallet-page')),
  depositv2: lazy(() => import('../deposit/components/deposit-page')),
  securityCenter: lazy(() => import('../security-centre/components/security-centre-page')),
  withdraw: lazy(() => import('../withdrawal/components/withdraw-page')),
  transferUpline: lazy(() => import('../member-transfers/components/transfer-page')),
  transactionHistory: lazy(() => import('../records/components/transaction-history-page')),
  manualRebate: lazy(() => import('../cashback/components/cashback-page')),
  bonusDetails: lazy(() => import('../records/components/bonus-details-page')),
  personalHistoryCopy: lazy(() => import('../betting-record/components/betting-record-page')),
  personalProfit: lazy(() => import('../betting-record/components/profit-page')),
};
