import type { ColumnType, Generated } from 'kysely';

export interface ChatTables {
  chat_conversations: ChatConversationTable;
  chat_messages: ChatMessageTable;
  chat_duty: ChatDutyTable;
  chat_canned_replies: ChatCannedReplyTable;
  chat_images: ChatImageTable;
}

export type ChatQueue = 'general' | 'vip';
/** waiting for staff, open with one, a ticket left while nobody was on duty, closed by staff. */
export type ChatState = 'waiting' | 'open' | 'ticket' | 'closed';

/** One chat of a member (member_id) or a visitor (the hash of the key their browser keeps). */
export interface ChatConversationTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint | null;
  visitor_key_hash: Buffer | null;
  display_name: string;
  queue: ChatQueue;
  state: ChatState;
  staff_name: string | null;
  /** The last message id each side has seen: the read receipts. */
  player_read_id: Generated<bigint>;
  staff_read_id: Generated<bigint>;
  created_at: ColumnType<Date, never, never>;
  last_message_at: ColumnType<Date, Date | undefined, Date>;
  closed_at: Date | null;
}

export interface ChatMessageTable {
  id: Generated<bigint>;
  conversation_id: bigint;
  sender: 'player' | 'staff';
  staff_name: string | null;
  /** Empty for a picture sent alone. */
  body: string;
  has_image: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
}

/** The picture of a message, re-encoded at full size (bounded) and as a thumbnail. */
export interface ChatImageTable {
  message_id: bigint;
  conversation_id: bigint;
  width: number;
  height: number;
  full_data: Buffer;
  thumb_data: Buffer;
}

/** A support member on duty until `until` (the console renews it while open). */
export interface ChatDutyTable {
  merchant_code: string;
  staff_name: string;
  until: Date;
}

export interface ChatCannedReplyTable {
  id: Generated<bigint>;
  merchant_code: string;
  title: string;
  body: string;
  created_by: string;
  created_at: ColumnType<Date, never, never>;
}
