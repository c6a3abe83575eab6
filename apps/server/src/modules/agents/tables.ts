import type { ColumnType, Generated } from 'kysely';

export interface AgentTables {
  agent_tree: AgentTreeTable;
  agent_tree_history: AgentTreeHistoryTable;
  agent_moves: AgentMoveTable;
}

/** One row per (ancestor, descendant), the member itself at depth 0; kept by triggers on `members`. */
export interface AgentTreeTable {
  ancestor_id: bigint;
  descendant_id: bigint;
  depth: number;
  since: ColumnType<Date, never, never>;
}

/** Links a move ended: the descendant was under the ancestor from `since` until `until`. */
export interface AgentTreeHistoryTable {
  ancestor_id: bigint;
  descendant_id: bigint;
  depth: number;
  since: Date;
  until: Date;
}

export interface AgentMoveTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  from_parent_id: bigint | null;
  to_parent_id: bigint | null;
  /** The member and everyone under them at the time. */
  moved_members: number;
  reason: string;
  actor: string;
  moved_at: ColumnType<Date, never, never>;
}
