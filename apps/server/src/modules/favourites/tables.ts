import type { ColumnType } from 'kysely';

export interface FavouriteTables {
  member_favourite_games: FavouriteGameTable;
  member_recent_games: RecentGameTable;
}

export interface FavouriteGameTable {
  member_id: bigint;
  game_id: bigint;
  merchant_code: string;
  created_at: ColumnType<Date, never, never>;
}

export interface RecentGameTable {
  member_id: bigint;
  game_id: bigint;
  merchant_code: string;
  /** Set by the database clock (microseconds), so two launches in a row keep their order. */
  played_at: ColumnType<Date, never, Date>;
}
