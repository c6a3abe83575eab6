import type { ColumnType, Generated } from 'kysely';

export interface ContentTables {
  announcements: AnnouncementTable;
  announcement_texts: AnnouncementTextTable;
  announcement_audit: AnnouncementAuditTable;
}

export interface AnnouncementTable {
  id: Generated<bigint>;
  merchant_code: string;
  type: string;
  platform: string;
  /** 'players' (the site) or 'agents' (the agent centre's notices). */
  audience: ColumnType<string, string | undefined, string>;
  starts_at: Date;
  ends_at: Date | null;
  sort_order: number;
  image_path: string | null;
  group_name: string | null;
  linkage_type: string;
  link: string | null;
  created_at: ColumnType<Date, never, never>;
  created_by: string;
  updated_at: ColumnType<Date, never, Date>;
  updated_by: string;
}

/** Title and sanitised HTML content of one announcement in one language. */
export interface AnnouncementTextTable {
  announcement_id: bigint;
  language: string;
  title: string;
  content: string;
}

export interface AnnouncementAuditTable {
  id: Generated<bigint>;
  merchant_code: string;
  announcement_id: bigint;
  action: 'create' | 'update' | 'remove';
  old_value: ColumnType<unknown, string | null, never>;
  new_value: ColumnType<unknown, string | null, never>;
  actor: string;
  at: ColumnType<Date, never, never>;
}
