import type { ContractKind, ContractPeriod, ContractStatus, EndReason, Rates } from '@tessera/contract/agent-contracts';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface AgentContractTables {
  agent_contracts: AgentContractTable;
}

/** One offer and what became of it (docs/decisions.md, "Agent contracts"). */
export interface AgentContractTable {
  id: Generated<bigint>;
  merchant_code: string;
  kind: ContractKind;
  upline_id: bigint;
  downline_id: bigint;
  period: ContractPeriod;
  /** The IANA zone the periods are counted in (the report time zone when it was offered). */
  time_zone: string;
  tiers: JSONColumnType<Record<string, string | number>[], string, string>;
  /** The top tier's rates: what the ceiling and "a higher rate" compare. */
  rates: JSONColumnType<Rates, string, string>;
  status: ContractStatus;
  offered_at: ColumnType<Date, never, never>;
  answered_at: Date | null;
  /** It pays for activity from this instant (set on acceptance; later when it waits for the one in force to end). */
  effective_from: Date | null;
  /** It pays for activity until this instant: the end of a period, or when a higher rate replaced it. */
  effective_to: Date | null;
  end_reason: EndReason | null;
  replaced_by: bigint | null;
  /** The accounts above the downline when it was accepted, nearest first (ids). */
  upline_chain: bigint[] | null;
}
