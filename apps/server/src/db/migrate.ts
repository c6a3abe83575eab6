import type { Kysely } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import * as siteSettings from './migrations/2026-11-21-0001-site-settings.js';
import * as catalogue from './migrations/2026-11-21-0100-catalogue.js';
import * as content from './migrations/2026-11-21-0200-content.js';
import * as feedback from './migrations/2026-11-21-0210-feedback.js';
import * as accounts from './migrations/2026-11-21-0300-accounts.js';
import * as accountsSms from './migrations/2026-11-21-0301-accounts-sms.js';
import type { Database } from './schema.js';

/** Every migration, in order. Listed in code (not read from disk) so the same list runs from dist and from tests. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-0001-site-settings': siteSettings,
  '2026-11-21-0300-accounts': accounts,
  '2026-11-21-0301-accounts-sms': accountsSms,
  '2026-11-21-0200-content': content,
  '2026-11-21-0210-feedback': feedback,
  '2026-11-21-0100-catalogue': catalogue,
};

export class MigrationError extends Error {}

/** Brings the schema to the latest version; safe to run concurrently from several instances (Kysely locks). */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
