import type { ColumnType } from 'kysely';
import type { CatalogueTables } from '../modules/catalogue/tables.js';
import type { ContentTables } from '../modules/content/tables.js';
import type { FeedbackTables } from '../modules/feedback/tables.js';
import type { SessionTables } from '../modules/sessions/tables.js';
import type { SiteSettingsTables } from '../modules/site-settings/tables.js';

/** jsonb: written as a JSON string, read back parsed. */
export type Json = ColumnType<unknown, string, string>;

/**
 * Table types for Kysely, one interface per module (its `tables.ts`). Only the module that owns a table writes it.
 */
export interface Database extends SiteSettingsTables, SessionTables, CatalogueTables, ContentTables, FeedbackTables {}
