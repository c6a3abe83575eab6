import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface SiteSettingsTables {
  merchants: MerchantTable;
  merchant_settings: MerchantSettingTable;
}

export interface MerchantTable {
  code: string;
  name: string;
  created_at: ColumnType<Date, never, never>;
}

export interface MerchantSettingTable {
  merchant_code: string;
  key: string;
  value: Json;
  version: Generated<number>;
  updated_at: ColumnType<Date, never, string>;
  updated_by: string;
}
