import type { Permission } from '@tessera/contract/staff-permissions';
import type { ReactNode } from 'react';
import { AdjustScreen } from './adjust-screen';
import { ApprovalsScreen } from './approvals-screen';
import { ChannelsScreen } from './channels-screen';
import { DepositsScreen } from './deposits-screen';
import { OpenApprovalsBadge } from './open-approvals-badge';
import { ReconciliationScreen } from './reconciliation-screen';
import { WithdrawalsScreen } from './withdrawals-screen';

/** The money desk's entries in the navigation, each for the roles that may use it. */
export const MONEY_SCREENS: { path: string; label: string; permission: Permission | null; badge?: () => ReactNode }[] = [
  { path: '/approvals', label: 'nav.approvals', permission: null, badge: () => <OpenApprovalsBadge /> },
  { path: '/deposits', label: 'nav.deposits', permission: 'deposits.approve' },
  { path: '/withdrawals', label: 'nav.withdrawals', permission: 'withdrawals.approve' },
  { path: '/adjust', label: 'nav.adjust', permission: 'balances.adjust' },
  { path: '/channels', label: 'nav.channels', permission: 'settings.edit' },
  { path: '/reconciliation', label: 'nav.reconciliation', permission: 'payments.reconcile' },
];

/** Their routes; `/adjust?account=<name>` opens the adjustment of one player (the player page links to it). */
export const MONEY_ROUTES = [
  { path: 'approvals', element: <ApprovalsScreen /> },
  { path: 'deposits', element: <DepositsScreen /> },
  { path: 'withdrawals', element: <WithdrawalsScreen /> },
  { path: 'adjust', element: <AdjustScreen /> },
  { path: 'channels', element: <ChannelsScreen /> },
  { path: 'reconciliation', element: <ReconciliationScreen /> },
];
