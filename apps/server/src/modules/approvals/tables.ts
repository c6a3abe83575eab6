import type { ColumnType, Generated } from 'kysely';

export interface ApprovalTables {
  money_actions: MoneyActionTable;
}

export type MoneyActionStatus = 'pending' | 'executed' | 'rejected';

/**
 * Every money action staff take in the back office: executed at once when at or below the merchant's threshold,
 * else pending until a second staff member confirms or rejects it.
 */
export interface MoneyActionTable {
  id: Generated<bigint>;
  merchant_code: string;
  kind: string;
  /** What it acts on: a withdrawal id, a player account. */
  target: string;
  amount_minor: bigint;
  /** What the executor needs beyond the target and amount (a member id, a direction), as text values. */
  detail: ColumnType<Record<string, string>, string, never>;
  reason: string | null;
  /** The request's identity: a repeat of it answers the first action instead of making a second. */
  request_key: string;
  status: MoneyActionStatus;
  requested_by_id: bigint;
  requested_by: string;
  requested_at: ColumnType<Date, never, never>;
  decided_by_id: bigint | null;
  decided_by: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
}
