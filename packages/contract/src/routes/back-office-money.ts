import type { CallRoute } from '../api/call.js';
import type { CallPermission, Permission } from '../staff-permissions.js';

/*
 * The back office's money desk (api/back-office-money.ts): the deposit and withdrawal queues, manual balance
 * adjustments and bonus grants, and the four-eyes approvals that money above the merchant's threshold waits in.
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** The page sizes the queues and the approvals list offer. */
export const MONEY_PAGE_SIZES = [25, 50, 100] as const;

/** What a queue row may be flagged for, worked out on the server when the row is listed. */
export const RISK_HINTS = ['new_payout_account', 'first_withdrawal', 'shared_ip', 'little_play'] as const;
export type RiskHint = (typeof RISK_HINTS)[number];

/**
 * The money actions that wait for a second staff member above the threshold, each with the permission both the
 * one who asks and the one who confirms must hold. A new kind (a promotion's grant) adds a line here and an
 * executor on the server.
 */
export const APPROVAL_KINDS = {
  'withdrawal.approve': 'withdrawals.approve',
  'balance.adjust': 'balances.adjust',
  'bonus.grant': 'bonuses.grant',
} as const satisfies Record<string, Permission>;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;

const call = <const R extends BackOfficeRoute>(route: R) => route;

export const depositQueue = call({
  id: 'bo.money.deposits',
  method: 'GET',
  path: '/bo/api/money/deposits',
  auth: 'staff',
  permission: 'deposits.approve',
});

export const depositExport = call({
  id: 'bo.money.deposits.export',
  method: 'GET',
  path: '/bo/api/money/deposits/export',
  auth: 'staff',
  permission: 'deposits.approve',
});

export const depositProof = call({
  id: 'bo.money.deposits.proof',
  method: 'GET',
  path: '/bo/api/money/deposits/proof',
  auth: 'staff',
  permission: 'deposits.approve',
});

export const depositApprove = call({
  id: 'bo.money.deposits.approve',
  method: 'POST',
  path: '/bo/api/money/deposits/approve',
  auth: 'staff',
  permission: 'deposits.approve',
});

export const depositReject = call({
  id: 'bo.money.deposits.reject',
  method: 'POST',
  path: '/bo/api/money/deposits/reject',
  auth: 'staff',
  permission: 'deposits.approve',
});

export const withdrawalQueue = call({
  id: 'bo.money.withdrawals',
  method: 'GET',
  path: '/bo/api/money/withdrawals',
  auth: 'staff',
  permission: 'withdrawals.approve',
});

export const withdrawalExport = call({
  id: 'bo.money.withdrawals.export',
  method: 'GET',
  path: '/bo/api/money/withdrawals/export',
  auth: 'staff',
  permission: 'withdrawals.approve',
});

export const withdrawalProof = call({
  id: 'bo.money.withdrawals.proof',
  method: 'GET',
  path: '/bo/api/money/withdrawals/proof',
  auth: 'staff',
  permission: 'withdrawals.approve',
});

export const withdrawalApprove = call({
  id: 'bo.money.withdrawals.approve',
  method: 'POST',
  path: '/bo/api/money/withdrawals/approve',
  auth: 'staff',
  permission: 'withdrawals.approve',
});

export const withdrawalReject = call({
  id: 'bo.money.withdrawals.reject',
  method: 'POST',
  path: '/bo/api/money/withdrawals/reject',
  auth: 'staff',
  permission: 'withdrawals.approve',
});

export const balanceOf = call({
  id: 'bo.money.balance',
  method: 'GET',
  path: '/bo/api/money/balance',
  auth: 'staff',
  permission: 'balances.adjust',
});

export const adjustBalance = call({
  id: 'bo.money.adjust',
  method: 'POST',
  path: '/bo/api/money/adjust',
  auth: 'staff',
  permission: 'balances.adjust',
});

export const grantBonus = call({
  id: 'bo.money.bonus',
  method: 'POST',
  path: '/bo/api/money/bonus',
  auth: 'staff',
  permission: 'bonuses.grant',
});

export const threshold = call({
  id: 'bo.money.threshold',
  method: 'GET',
  path: '/bo/api/money/threshold',
  auth: 'staff',
  permission: 'session',
});

export const thresholdUpdate = call({
  id: 'bo.money.threshold.update',
  method: 'PUT',
  path: '/bo/api/money/threshold',
  auth: 'staff',
  permission: 'settings.edit',
});

/*
 * The approvals calls serve any staff session: what each answers is narrowed to the kinds the caller's role holds
 * the permission of (APPROVAL_KINDS), and confirming or rejecting one checks that permission on the server.
 */

export const approvals = call({
  id: 'bo.approvals',
  method: 'GET',
  path: '/bo/api/approvals',
  auth: 'staff',
  permission: 'session',
});

export const openApprovals = call({
  id: 'bo.approvals.open',
  method: 'GET',
  path: '/bo/api/approvals/open',
  auth: 'staff',
  permission: 'session',
});

export const approvalConfirm = call({
  id: 'bo.approvals.confirm',
  method: 'POST',
  path: '/bo/api/approvals/confirm',
  auth: 'staff',
  permission: 'session',
});

export const approvalReject = call({
  id: 'bo.approvals.reject',
  method: 'POST',
  path: '/bo/api/approvals/reject',
  auth: 'staff',
  permission: 'session',
});
