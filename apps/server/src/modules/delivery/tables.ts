import type { ColumnType, Generated } from 'kysely';

export interface DeliveryTables {
  deliveries: DeliveryTable;
}

export type DeliveryChannel = 'mail' | 'sms';
export type DeliveryState = 'sending' | 'retrying' | 'sent' | 'dead';

/** One mail or SMS on its way: written by modules/delivery only. */
export interface DeliveryTable {
  id: Generated<bigint>;
  merchant_code: string;
  channel: DeliveryChannel;
  recipient: string;
  subject: string;
  /** What is sent (codes, reset links): emptied once delivered, kept for a retry while it is not. */
  body: string;
  state: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  sent_at: Date | null;
}
