import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/json.js';

export interface NotificationTables {
  member_notifications: MemberNotificationTable;
}

export interface MemberNotificationTable {
  id: Generated<bigint>;
  merchant_code: string;
  member_id: bigint;
  type: string;
  payload: Json;
  created_at: ColumnType<Date, never, never>;
  read_at: Date | null;
}
