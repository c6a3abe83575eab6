import type { ColumnType } from 'kysely';
import type { AccountTables } from '../modules/accounts/tables.js';
import type { CaptchaTables } from '../modules/captcha/tables.js';
import type { CatalogueTables } from '../modules/catalogue/tables.js';
import type { ContentTables } from '../modules/content/tables.js';
import type { CryptoEntryTables } from '../modules/crypto-entry/tables.js';
import type { FeedbackTables } from '../modules/feedback/tables.js';
import type { OutboxTables } from '../modules/mailer/tables.js';
import type { SessionTables } from '../modules/sessions/tables.js';
import type { SiteSettingsTables } from '../modules/site-settings/tables.js';
import type { SmsTables } from '../modules/sms/tables.js';
import type { ThrottleTables } from '../modules/throttle/tables.js';

/** jsonb: written as a JSON string, read back parsed. */
export type Json = ColumnType<unknown, string, string>;

/**
 * Table types for Kysely, one interface per module (its `tables.ts`). Only the module that owns a table writes it.
 */
export interface Database
  extends SiteSettingsTables,
    SessionTables,
    CatalogueTables,
    ContentTables,
    FeedbackTables,
    AccountTables, // accounts (issue 4)
    CryptoEntryTables,
    CaptchaTables,
    ThrottleTables,
    OutboxTables,
    SmsTables {}
