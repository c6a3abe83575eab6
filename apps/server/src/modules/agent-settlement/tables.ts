import type { ContractKind } from '@tessera/contract/agent-contracts';
import type { StatementStatus } from '@tessera/contract/routes/agent-income';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface AgentSettlementTables {
  agent_settlements: AgentSettlementTable;
  agent_settlement_runs: AgentSettlementRunTable;
  agent_settlement_marks: AgentSettlementMarkTable;
  agent_settlement_ticks: AgentSettlementTickTable;
  agent_settlement_clock: AgentSettlementClockTable;
}

/** One hour of an hourly salary, or the won or lost bets of a real-time salary, as the statement keeps it. */
export interface StoredLine {
  part: 'hour' | 'won' | 'lost';
  from: number | null;
  validBet: string;
  count: number;
  tier: number | null;
  rate: number;
  amount: string;
}

/** A closed period of a contract: what it was computed from and what became of it (docs/decisions.md, "Agent settlement"). */
export interface AgentSettlementTable {
  id: Generated<bigint>;
  merchant_code: string;
  contract_id: bigint;
  run_id: bigint | null;
  kind: ContractKind;
  /** The contract's downline: the account paid. */
  agent_id: bigint;
  upline_id: bigint;
  period_start: Date;
  period_end: Date;
  team_size: number;
  active_members: number;
  valid_bet: bigint;
  payout: bigint;
  /** The tier met, 1 = lowest (for hourly and real-time salary, the highest any line met); null: none. */
  tier: number | null;
  rate: number;
  lines: JSONColumnType<StoredLine[], string, string>;
  carry_in: bigint;
  carry_out: bigint;
  gross: bigint;
  downline_paid: bigint;
  amount: bigint;
  status: StatementStatus;
  reason: string | null;
  transfer_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
  decided_at: Date | null;
  paid_at: Date | null;
}

export interface AgentSettlementRunTable {
  id: Generated<bigint>;
  started_at: ColumnType<Date, never, never>;
  statements: number;
  paid_minor: bigint;
}

/** How far a contract is settled, when its next period closes (null: nothing left), and a dividend's loss carried. */
export interface AgentSettlementMarkTable {
  contract_id: bigint;
  settled_to: Date;
  due_at: Date | null;
  carry: bigint;
}

/** The ledger's newest transfer id when a run started: every transfer of a later transaction has a higher one. */
export interface AgentSettlementTickTable {
  at: Date;
  max_transfer_id: bigint;
}

export interface AgentSettlementClockTable {
  only_row: boolean;
  offset_ms: bigint;
}
