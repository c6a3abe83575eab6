import type { MismatchKind } from '@tessera/contract/routes/back-office-payments';
import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface PaymentTables {
  gateway_payments: GatewayPaymentTable;
  gateway_callbacks: GatewayCallbackTable;
  gateway_payouts: GatewayPayoutTable;
  reconciliation_runs: ReconciliationRunTable;
  reconciliation_items: ReconciliationItemTable;
}

/** The provider's side of a hosted-channel deposit order. */
export interface GatewayPaymentTable {
  order_id: bigint;
  merchant_code: string;
  provider: string;
  provider_payment_id: string;
  amount_minor: bigint;
  currency: string;
  created_at: ColumnType<Date, never, never>;
}

export const CALLBACK_OUTCOMES = [
  'credited',
  'failed',
  'ignored',
  'amount_mismatch',
  'late_after_expiry',
  'paid_twice',
  'paid_after_failure',
  'unknown_payment',
  'paid_out',
  'payout_returned',
] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

/** Every verified callback, once per provider transaction and event: the evidence reconciliation works from. */
export interface GatewayCallbackTable {
  id: Generated<bigint>;
  provider: string;
  event_key: string;
  event: 'processing' | 'completed' | 'failed';
  merchant_code: string | null;
  order_id: bigint | null;
  /** A payout's callback: the withdrawal it settles (order_id is null then). */
  withdrawal_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  provider_payment_id: string;
  provider_txn_id: string;
  amount_minor: bigint;
  currency: string;
  outcome: CallbackOutcome;
  body: string;
  source_ip: string | null;
  received_at: ColumnType<Date, never, never>;
}

export type PayoutState = 'requesting' | 'requested' | 'paid' | 'failed';

/**
 * The provider's side of a withdrawal paid out through a gateway channel: `requesting` until the provider took
 * the request (the payout job), `requested` until its callback or a status query says `paid` or `failed`.
 */
export interface GatewayPayoutTable {
  withdrawal_id: bigint;
  merchant_code: string;
  provider: string;
  channel_id: bigint;
  provider_payout_id: string | null;
  amount_minor: bigint;
  currency: string;
  state: ColumnType<PayoutState, PayoutState | undefined, PayoutState>;
  failure: string | null;
  created_at: ColumnType<Date, never, never>;
  settled_at: Date | null;
}

/** One comparison of a provider's statement of a day with the ledger, per merchant. */
export interface ReconciliationRunTable {
  merchant_code: string;
  provider: string;
  /** A UTC day, YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  lines: number;
  mismatches: number;
  ran_at: ColumnType<Date, Date | undefined, Date>;
}

/** A mismatch between a provider's statement and the ledger, with its evidence, open until staff resolve it. */
export interface ReconciliationItemTable {
  id: Generated<bigint>;
  merchant_code: string;
  provider: string;
  channel_id: bigint | null;
  day: ColumnType<string, string, string>;
  kind: MismatchKind;
  direction: 'payment' | 'payout';
  reference: string;
  provider_txn_id: string;
  provider_amount_minor: bigint | null;
  ledger_amount_minor: bigint | null;
  currency: string;
  evidence: Json;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  resolution: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}
