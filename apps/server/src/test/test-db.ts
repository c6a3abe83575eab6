import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDb, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';

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

/**
 * Running every migration costs seconds on PGlite; a test worker migrates one template once and starts each
 * test database as a copy of it.
 */
let pgliteTemplate: Promise<Blob> | undefined;

async function migratedPgliteTemplate(): Promise<Blob> {
  const template = await connectDb({ kind: 'pglite', dataDir: null });
  try {
    await migrateToLatest(template.kysely);
    if (!template.snapshot) throw new Error('PGlite database without snapshot()');
    return await template.snapshot();
  } finally {
    await template.close();
  }
}

export async function createTestDb(): Promise<TestDb> {
  if (process.env.TEST_DB !== 'postgres') {
    pgliteTemplate ??= migratedPgliteTemplate();
    const db = await connectDb({ kind: 'pglite', dataDir: null, from: await pgliteTemplate });
    return { ...db, reopen: async () => ({ ...db, close: async () => undefined }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (scripts/test.sh starts a throwaway cluster)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await connectDb({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  await migrateToLatest(db.kysely);
  return {
    kysely: db.kysely,
    target: db.target,
    subscribe: db.subscribe,
    reopen: () => connectDb({ kind: 'postgres', url: url.toString(), poolSize: 10 }),
    close: async () => {
      await db.close();
      await withAdminClient(adminUrl, async (client) => {
        // A closed pool's connections finish disconnecting asynchronously: wait for them before dropping.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
