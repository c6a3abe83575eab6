import type { ColumnType, Generated } from 'kysely';

export interface PaymentTables {
  gateway_payments: GatewayPaymentTable;
  gateway_callbacks: GatewayCallbackTable;
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
  provider_payment_id: string;
  provider_txn_id: string;
  amount_minor: bigint;
  currency: string;
  outcome: CallbackOutcome;
  body: string;
  source_ip: string | null;
  received_at: ColumnType<Date, never, never>;
}
