import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface InboxTables {
  player_messages: PlayerMessageTable;
  player_message_recipients: PlayerMessageRecipientTable;
  player_message_marks: PlayerMessageMarkTable;
}

export type MessageAudience = 'members' | 'vip' | 'downline' | 'all';

/** One operator message; who sees it is decided when a player reads (only `members` names them, in recipients). */
export interface PlayerMessageTable {
  id: Generated<bigint>;
  merchant_code: string;
  audience: MessageAudience;
  vip_level: number | null;
  /** The agent whose downline (every level below, not the agent) the message goes to. */
  agent_id: bigint | null;
  /** `{ "<language>": { "title", "content" } }`, content sanitised HTML. */
  texts: Json;
  expires_at: Date | null;
  sent_by: string;
  /** How many named accounts were found (audience `members`). */
  recipients: number | null;
  created_at: ColumnType<Date, never, never>;
  withdrawn_at: Date | null;
}

export interface PlayerMessageRecipientTable {
  message_id: bigint;
  member_id: bigint;
}

/** A player's own state of a message: written when they read or delete it. */
export interface PlayerMessageMarkTable {
  message_id: bigint;
  member_id: bigint;
  read_at: Date | null;
  deleted_at: Date | null;
}
