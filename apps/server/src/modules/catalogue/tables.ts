import type { ColumnType } from 'kysely';
import type { Json } from '../../db/json.js';

export interface CatalogueTables {
  catalogue_categories: CategoryTable;
  catalogue_classifies: ClassifyTable;
  catalogue_vendors: VendorTable;
  catalogue_games: GameTable;
}

export interface CategoryTable {
  merchant_code: string;
  code: string;
  sort_order: number;
  enabled: boolean;
}

export interface ClassifyTable {
  merchant_code: string;
  key: string;
  names: Json;
  sort_order: number;
}

export interface VendorTable {
  id: ColumnType<bigint, never, never>;
  merchant_code: string;
  vassalage: string;
  display_name: string;
  category: string;
  account_type_name: string;
  sort_order: number;
  is_hot: boolean;
  open_mode: string;
  status: string;
  icon: string;
  large_icon: string;
  updated_at: ColumnType<Date, never, Date>;
}

export interface GameTable {
  id: ColumnType<bigint, never, never>;
  merchant_code: string;
  vendor_id: bigint;
  game_code: string;
  names: Json;
  search_name: string;
  classify_key: string;
  icon: string;
  is_hot: boolean;
  popularity: number;
  default_play_type: string | null;
  status: string;
  sort_order: number;
  updated_at: ColumnType<Date, never, Date>;
}
