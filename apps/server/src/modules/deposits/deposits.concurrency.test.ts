import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { Ledger } from '../ledger/service.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { insertChannel } from './repo.js';
import { DepositsService } from './service.js';

/** The same order approved at the same moment by two instances (two connection pools) credits exactly once. */
describe('deposit approval under concurrency', () => {
  let db: TestDb;
  let other: Db;

  beforeAll(async () => {
    db = await createTestDb();
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    other = await db.reopen();
    await insertChannel(db.kysely, {
      merchant: DEMO_MERCHANT,
      code: 'bank1',
      kind: 'bank',
      gateway: null,
      names: { en: 'Bank' },
      instructions: {},
      accountDetails: [],
      minMinor: 100n,
      maxMinor: 10_000_000n,
      quickAmountsMinor: [],
      sortOrder: 1,
    });
  });
  afterAll(async () => {
    await other.close();
    await db.close();
  });

  it('credits once when two instances approve the same orders together', async () => {
    const one = new DepositsService(db.kysely, new Ledger(db.kysely));
    const two = new DepositsService(other.kysely, new Ledger(other.kysely));
    const member = await newMember(db.kysely);
    const language = { requested: 'en', fallback: 'en' };
    const orders = await Promise.all(
      [1, 2, 3].map(() =>
        one.create(DEMO_MERCHANT, member.id, { channel: 'bank1', amountMinor: '5000', requestId: randomUUID() }, language),
      ),
    );
    const decision = { actor: 'test', cause: { type: 'operator', id: 'test' } } as const;
    const results = await Promise.allSettled(
      orders.flatMap((order) => [
        one.approve(DEMO_MERCHANT, BigInt(order.id), decision),
        two.approve(DEMO_MERCHANT, BigInt(order.id), decision),
      ]),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const balance = await new Ledger(db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect(balance.balance).toBe(15_000n);
    const notes = await db.kysely
      .selectFrom('member_notifications')
      .select('type')
      .where('member_id', '=', member.id)
      .where('type', '=', 'deposit.approved')
      .execute();
    expect(notes).toHaveLength(3);
  });

  it('approves or rejects, never both, when an approval and a rejection race', async () => {
    const one = new DepositsService(db.kysely, new Ledger(db.kysely));
    const two = new DepositsService(other.kysely, new Ledger(other.kysely));
    const member = await newMember(db.kysely);
    const order = await one.create(
      DEMO_MERCHANT,
      member.id,
      { channel: 'bank1', amountMinor: '7000', requestId: randomUUID() },
      { requested: null, fallback: 'en' },
    );
    const decision = { actor: 'test', cause: { type: 'operator', id: 'test' } } as const;
    const [approved, rejected] = await Promise.allSettled([
      one.approve(DEMO_MERCHANT, BigInt(order.id), decision),
      two.decline(DEMO_MERCHANT, BigInt(order.id), 'rejected', 'duplicate', decision),
    ]);
    expect([approved.status, rejected.status].filter((status) => status === 'fulfilled')).toHaveLength(1);
    const balance = await new Ledger(db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect(balance.balance).toBe(approved.status === 'fulfilled' ? 7000n : 0n);
  });
});
