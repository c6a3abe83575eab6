import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.js';
import type { Db } from '../connect.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

const MERCHANT = 'e164_site';

describe('migration to E.164 mobiles', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it("drops the trunk 0 of stored mobiles, leaves what it cannot parse, and never takes another account's number", async () => {
    await migrateTo(db.kysely, '2026-11-27-0610-hardening');
    await db.kysely.insertInto('merchants').values({ code: MERCHANT, name: 'E.164 site' }).execute();
    const stored = [
      ['e164typed', '01712000100'],
      ['e164already', '1712000101'],
      ['e164odd', '12345'],
      ['e164holder', '1712000102'],
      ['e164twin', '01712000102'],
    ] as const;
    for (const [account, mobile] of stored) {
      await db.kysely
        .insertInto('members')
        .values({ merchant_code: MERCHANT, account, password_hash: null, agent_type: 0, mobile, dial_code: '880' })
        .execute();
    }
    await migrateToLatest(db.kysely);
    const rows = await db.kysely
      .selectFrom('members')
      .select(['account', 'mobile'])
      .where('account', 'like', 'e164%')
      .orderBy('account')
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.account, row.mobile]))).toEqual({
      e164already: '1712000101',
      e164holder: '1712000102',
      e164odd: '12345',
      e164twin: '01712000102',
      e164typed: '1712000100',
    });
  });
});
