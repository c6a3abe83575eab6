import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { MembersCentrePageKey } from '../../lib/members-centre';

/**
 * The members-centre page registry: ONE line per page, `pageKey: lazy(() => import(...))`, the module
 * default-exporting its page. An entry whose page is not listed here is hidden, never shown empty.
 */
export const MEMBERS_CENTRE_PAGES: Partial<Record<MembersCentrePageKey, LazyExoticComponent<ComponentType>>> = {
  transferFund: lazy(() => import('../../features/wallet/components/my-wallet-page')),
  depositv2: lazy(() => import('../../features/deposit/components/deposit-page')),
  securityCenter: lazy(() => import('./security-centre-page')),
  withdraw: lazy(() => import('../../features/withdrawal/components/withdraw-page')),
  transferUpline: lazy(() => import('../../features/member-transfers/components/transfer-page')),
  transactionHistory: lazy(() => import('../../features/records/components/transaction-history-page')),
  manualRebate: lazy(() => import('../../features/cashback/components/cashback-page')),
  bonusDetails: lazy(() => import('../../features/records/components/bonus-details-page')),
  referral: lazy(() => import('../../features/promotions/referral-page')),
  personalHistoryCopy: lazy(() => import('../../features/betting-record/components/betting-record-page')),
  personalProfit: lazy(() => import('../../features/betting-record/components/profit-page')),
  playerRank: lazy(() => import('../../features/vip/components/player-rank-page')),
  profile: lazy(() => import('../../features/accounts/profile/profile-page')),
  rewardCenter: lazy(() => import('../../features/reward-centre/reward-centre-page')),
  missionLeaderboard: lazy(() => import('../../features/missions/mission-page')),
  messageV2: lazy(() => import('../../features/inbox/components/platform-information-page')),
};
