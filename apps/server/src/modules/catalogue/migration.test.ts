import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import * as catalogueMigration from '../../db/migrations/2026-11-21-0100-catalogue.js';
import { createTestDb } from '../../test/test-db.js';

const catalogueTables = async (db: Db) =>
  (
    await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'catalogue_%' ORDER BY table_name`.execute(db.kysely)
  ).rows.map((row) => row.table_name);

describe('catalogue migration', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('drops its tables on the way down and recreates them on the way up', async () => {
    expect(await catalogueTables(db)).toEqual([
      'catalogue_categories',
      'catalogue_classifies',
      'catalogue_games',
      'catalogue_vendors',
    ]);
    await catalogueMigration.down(db.kysely as never);
    expect(await catalogueTables(db)).toEqual([]);
    await catalogueMigration.up(db.kysely as never);
    expect(await catalogueTables(db)).toHaveLength(4);
  });
});
