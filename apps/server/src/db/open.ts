import path from 'node:path';
import { resolveSecretKey } from '../modules/crypto-entry/secret-key.js';
import type { Config } from '../platform/config.js';
import { connectDb, type Db } from './connect.js';
import { migrateToLatest } from './migrate.js';

/** The database a configuration points at: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openDb(config: Config): Promise<Db> {
  return connectDb(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
}

/** Opens and migrates: what every process that touches the database does first. */
export async function openMigratedDb(config: Config): Promise<Db> {
  const db = await openDb(config);
  try {
    await migrateToLatest(db.kysely, { serverSecret: resolveSecretKey(config.secretKey, config.dataDir) });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
