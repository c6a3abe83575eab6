import type { ColumnType, Generated } from 'kysely';

export interface OutboxTables {
  outbox_messages: OutboxMessageTable;
}

/** Mail and SMS the default providers "send": a local operator reads them with `admin outbox list`. */
export interface OutboxMessageTable {
  id: Generated<bigint>;
  merchant_code: string;
  kind: 'mail' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: ColumnType<Date, never, never>;
}
