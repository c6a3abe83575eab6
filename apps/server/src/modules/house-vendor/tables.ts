import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface HouseVendorTables {
  house_seeds: HouseSeedTable;
  house_game_sessions: HouseGameSessionTable;
  house_rounds: HouseRoundTable;
  house_open_rounds: HouseOpenRoundTable;
}

/** A member's provably fair seed pair; the server seed stays secret while `active`, revealed on rotation. */
export interface HouseSeedTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  server_seed: string;
  commitment: string;
  client_seed: string;
  next_nonce: ColumnType<bigint, bigint | undefined, bigint>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
  revealed_at: Date | null;
}

export interface HouseGameSessionTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  game_code: string;
  ticket_hash: Buffer;
  ticket_expires_at: Date;
  /** The site session that launched the game: the game session stands only while it does. */
  site_session_hash: Buffer | null;
  session_hash: Buffer | null;
  session_expires_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/** One paid round: every input that fixes it and its outcome; the betting record's source for house games. */
export interface HouseRoundTable {
  id: ColumnType<bigint, bigint, never>;
  merchant_code: string;
  member_id: bigint;
  game_code: string;
  engine_game: string;
  seed_id: bigint;
  client_seed: string;
  nonce: bigint;
  bet: bigint;
  win: bigint;
  play_money: boolean;
  client_round_id: string;
  outcome: Json;
  bet_transfer_id: bigint;
  win_transfer_id: bigint | null;
  created_at: ColumnType<Date, never, never>;
}

/** A mines round between its bet (held) and its end; deleted when it settles into `house_rounds` under the same id. */
export interface HouseOpenRoundTable {
  id: ColumnType<bigint, bigint, never>;
  merchant_code: string;
  member_id: bigint;
  game_code: string;
  engine_game: string;
  seed_id: bigint;
  client_seed: string;
  nonce: bigint;
  bet: bigint;
  play_money: boolean;
  client_round_id: string;
  mines: number;
  /** The safe tiles revealed, in order. */
  picks: ColumnType<number[], string | undefined, string>;
  hold_transfer_id: bigint;
  /** The house shard the hold took: the win takes it too (one shard per transaction). */
  shard: number;
  created_at: ColumnType<Date, never, never>;
}
