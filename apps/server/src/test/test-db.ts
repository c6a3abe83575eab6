import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { connectDb, type Db } from '../db/connect.js';
import { databaseUrl, releaseDatabase, withAdminClient } from './postgres-admin.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or (TEST_DB=postgres) a new
 * database created in the throwaway cluster at TEST_DATABASE_URL and dropped on close.
 */
export interface TestDb extends Db {
  /**
   * Another connection to the same database, as a second server instance has. PGlite is one process's
   * database, so there it shares the connection (and closing it leaves the first open).
   */
  reopen(): Promise<Db>;
}

/** The migrated template of global-setup.ts, read once per test process. */
let pgliteTemplate: Blob | undefined;

function migratedPgliteTemplate(): Blob {
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('no PGlite template: the server project runs src/test/global-setup.ts first');
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

export async function createTestDb(): Promise<TestDb> {
  if (process.env.TEST_DB !== 'postgres') {
    const db = await connectDb({ kind: 'pglite', dataDir: null, from: migratedPgliteTemplate() });
    return { ...db, reopen: async () => ({ ...db, close: async () => undefined }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) {
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (scripts/test.sh starts a throwaway cluster) and global-setup.ts');
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(adminUrl, name);
  const db = await connectDb({ kind: 'postgres', url, poolSize: 10 });
  return {
    kysely: db.kysely,
    target: db.target,
    subscribe: db.subscribe,
    reopen: () => connectDb({ kind: 'postgres', url, poolSize: 10 }),
    close: async () => {
      await db.close();
      await releaseDatabase(adminUrl, name, { drop: true });
    },
  };
}
