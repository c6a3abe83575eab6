import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface ResponsibleGamingTables {
  rg_deposit_limits: DepositLimitTable;
  rg_exclusions: ExclusionTable;
  rg_audit: ResponsibleGamingAuditTable;
}

export interface DepositLimitTable {
  member_id: bigint;
  merchant_code: string;
  period: 'daily' | 'weekly' | 'monthly';
  /** In force now (unless a pending change has matured); null = no limit. */
  limit_minor: bigint | null;
  /** A raise or removal waiting for its cool-off; pending_limit_minor null = removal. */
  pending: boolean;
  pending_limit_minor: bigint | null;
  pending_effective_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ExclusionTable {
  id: Generated<bigint>;
  member_id: bigint;
  merchant_code: string;
  kind: 'timeout' | 'self_exclusion';
  duration: '24h' | '7d' | '30d' | '6m' | 'permanent';
  starts_at: ColumnType<Date, Date | undefined, never>;
  /** null = until an operator lifts it. */
  ends_at: Date | null;
  lifted_at: Date | null;
  lifted_by: string | null;
}

export interface ResponsibleGamingAuditTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  /** 'member' for the player's own changes, the operator's actor name otherwise. */
  actor: string;
  action: string;
  detail: Json;
  created_at: ColumnType<Date, never, never>;
}
