import { resolveSecretKey } from '../modules/crypto-entry/secret-key.js';
import { loadConfig } from '../platform/config.js';
import { claimDataDir } from '../platform/instance-lock.js';
import { migrateToLatest } from './migrate.js';
import { openDb } from './open.js';

/** `npm run db:migrate`: applies pending migrations and lists what ran. */
const config = loadConfig();
const lock = config.databaseUrl ? null : claimDataDir(config.dataDir);
const db = await openDb(config);
try {
  const { results = [] } = await migrateToLatest(db.kysely, { serverSecret: resolveSecretKey(config.secretKey, config.dataDir) });
  process.stdout.write(
    results.length ? `${results.map((r) => `${r.status}: ${r.migrationName}`).join('\n')}\n` : 'Already up to date.\n',
  );
} finally {
  await db.close();
  lock?.release();
}
