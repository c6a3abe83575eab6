import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

describe('the agent-tree migration', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('builds the tree from today’s uplines, any depth, and later members join it as they are created', async () => {
    await migrateTo(db.kysely, '2026-11-27-2300-draw-void-permission');
    await sql`INSERT INTO merchants (code, name) VALUES ('tree', 'Tree') ON CONFLICT DO NOTHING`.execute(db.kysely);
    const insert = async (account: string, parent: bigint | null) =>
      (
        await sql<{ id: bigint }>`
          INSERT INTO members (merchant_code, account, agent_type, parent_id) VALUES ('tree', ${account}, 1, ${parent})
          RETURNING id`.execute(db.kysely)
      ).rows[0]!.id;
    const top = await insert('top', null);
    const middle = await insert('middle', top);
    const leaf = await insert('leaf', middle);

    await migrateToLatest(db.kysely);
    const links = async () =>
      (
        await sql<{ ancestor_id: bigint; descendant_id: bigint; depth: number }>`
          SELECT ancestor_id, descendant_id, depth FROM agent_tree
          WHERE descendant_id IN (SELECT id FROM members WHERE merchant_code = 'tree')
          ORDER BY descendant_id, depth`.execute(db.kysely)
      ).rows.map((row) => [row.descendant_id, row.ancestor_id, row.depth]);
    expect(await links()).toEqual([
      [top, top, 0],
      [middle, middle, 0],
      [middle, top, 1],
      [leaf, leaf, 0],
      [leaf, middle, 1],
      [leaf, top, 2],
    ]);
    const late = await insert('late', leaf);
    expect((await links()).filter(([descendant]) => descendant === late)).toEqual([
      [late, late, 0],
      [late, leaf, 1],
      [late, middle, 2],
      [late, top, 3],
    ]);
  });
});
