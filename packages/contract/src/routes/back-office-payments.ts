import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * The back office's payment-provider desk (api/back-office-payments.ts): the reconciliation queue (each mismatch
 * between a provider's daily statement and the ledger, with its evidence and a resolution) and asking a provider
 * about one deposit or withdrawal.
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };
const call = <const R extends BackOfficeRoute>(route: R) => route;

export const reconciliation = call({
  id: 'bo.reconciliation',
  method: 'GET',
  path: '/bo/api/reconciliation',
  auth: 'staff',
  permission: 'payments.reconcile',
});

export const reconciliationRun = call({
  id: 'bo.reconciliation.run',
  method: 'POST',
  path: '/bo/api/reconciliation/run',
  auth: 'staff',
  permission: 'payments.reconcile',
});

export const reconciliationResolve = call({
  id: 'bo.reconciliation.resolve',
  method: 'POST',
  path: '/bo/api/reconciliation/resolve',
  auth: 'staff',
  permission: 'payments.reconcile',
});

export const providerCheck = call({
  id: 'bo.payments.check',
  method: 'POST',
  path: '/bo/api/payments/check',
  auth: 'staff',
  permission: 'payments.reconcile',
});

/** What a mismatch is: the provider paid and the ledger has no credit (or no posted payout), and so on. */
export const MISMATCH_KINDS = [
  'missing_credit',
  'amount_differs',
  'unknown_transaction',
  'late_after_expiry',
  'not_in_statement',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

export const RECONCILIATION_STATUSES = ['open', 'resolved'] as const;
