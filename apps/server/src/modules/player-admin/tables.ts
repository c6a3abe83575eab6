import type { ColumnType, Generated } from 'kysely';

export interface PlayerAdminTables {
  player_notes: PlayerNoteTable;
}

/** A staff-only note on a player; never shown to the player. Append-only: a note is corrected by another one. */
export interface PlayerNoteTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  /** The staff member's name. */
  author: string;
  text: string;
  created_at: ColumnType<Date, never, never>;
}
