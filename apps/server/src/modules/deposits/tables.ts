import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface DepositTables {
  deposit_channels: DepositChannelTable;
  deposit_orders: DepositOrderTable;
  deposit_proofs: DepositProofTable;
}

export type DepositChannelKind = 'bank' | 'ewallet' | 'instant';
export type DepositHistory = 'any' | 'first' | 'repeat';
export type DepositOrderStatus = 'pending' | 'approved' | 'rejected' | 'failed' | 'expired';

export interface DepositChannelTable {
  id: Generated<bigint>;
  merchant_code: string;
  code: string;
  kind: DepositChannelKind;
  /** The payment-gateway adapter of an instant channel; null for channels an operator reconciles by hand. */
  gateway: string | null;
  names: Json;
  instructions: Json;
  account_details: Json;
  min_minor: bigint;
  max_minor: bigint;
  quick_amounts: Json;
  sort_order: number;
  status: ColumnType<'active' | 'disabled', 'active' | 'disabled' | undefined, 'active' | 'disabled'>;
  /** The provider's fee, recorded on each order for reconciliation: hundredths of a percent plus a fixed part. */
  fee_bps: ColumnType<number, number | undefined, number>;
  fee_fixed_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** Null: the merchant's currency. */
  currency: string | null;
  payment_minutes: ColumnType<number, number | undefined, number>;
  /** A gateway channel that also pays out withdrawals to payout accounts of this type (null: deposits only). */
  payout_account_type: ColumnType<'bank' | 'ewallet' | null, 'bank' | 'ewallet' | null | undefined, 'bank' | 'ewallet' | null>;
  /** The lowest VIP level (modules/loyalty) the channel is listed for and accepts. */
  min_vip_level: ColumnType<number, number | undefined, number>;
  /** `first`: only a member with no credited deposit; `repeat`: only one with a credited deposit; `any`: both. */
  deposit_history: ColumnType<DepositHistory, DepositHistory | undefined, DepositHistory>;
  /** One of the logos the web app ships (CHANNEL_LOGOS); null: the logo of the channel's kind. */
  logo: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface DepositOrderTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  channel_id: bigint;
  request_id: string;
  amount_minor: bigint;
  reference: string | null;
  status: ColumnType<DepositOrderStatus, DepositOrderStatus | undefined, DepositOrderStatus>;
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  ledger_transfer_id: bigint | null;
  /** A hosted-channel order: what the player does to pay (the provider's page), and when it expires unpaid. */
  payment_action: Json | null;
  expires_at: Date | null;
  fee_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** Why a gateway order waits for staff (the provider reported another amount). */
  review: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface DepositProofTable {
  id: Generated<bigint>;
  order_id: bigint;
  position: number;
  mime: string;
  size_bytes: number;
  sha256: Uint8Array;
  data: Uint8Array;
  created_at: ColumnType<Date, never, never>;
}
