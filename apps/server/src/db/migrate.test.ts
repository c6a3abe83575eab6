import { sql } from 'kysely';
import { NO_MIGRATIONS } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/test-db.js';
import type { Db } from './connect.js';
import { migrateTo, migrateToLatest } from './migrate.js';

const userTables = async (db: Db) =>
  (
    await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely_%' ORDER BY table_name`.execute(db.kysely)
  ).rows.map((row) => row.table_name);

describe('migrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('every migration goes down cleanly in reverse order, and all come back up', async () => {
    const tables = await userTables(db);
    expect(tables).toContain('ledger_transfers');
    await migrateTo(db.kysely, NO_MIGRATIONS);
    expect(await userTables(db)).toEqual([]);
    await migrateToLatest(db.kysely);
    expect(await userTables(db)).toEqual(tables);
  });
});
