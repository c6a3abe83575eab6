import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import { newMember } from '../../test/factories.js';
import { readServerEventsForTest } from '../../test/sse.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { DepositsService } from '../deposits/service.js';
import { Ledger } from '../ledger/service.js';
import { startSession } from '../sessions/service.js';
import { SiteSettingsService } from '../site-settings/service.js';

/**
 * Two server instances on one database: a deposit approved through one instance reaches the member's live
 * stream held by the other, as a balance event and a notification (LISTEN/NOTIFY).
 */
describe('live stream across instances', () => {
  let db: TestDb;
  let first: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondUrl: string;
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });

  beforeAll(async () => {
    db = await createTestDb();
    await seedDemoMerchant(db.kysely, new SiteSettingsService(db.kysely));
    first = await buildApp({ config, db });
    const secondDb = await db.reopen();
    second = await buildApp({ config, db: secondDb });
    secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('delivers the balance and the notification of an approval made on the other instance', async () => {
    const member = await newMember(db.kysely);
    const token = await startSession(db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.2.0.1' });
    const stream = await readServerEventsForTest(`${secondUrl}/wps/member/live`, { authorization: token });
    try {
      await stream.next('ready');
      const created = await first.inject({
        method: 'POST',
        url: '/wps/deposit/orders',
        headers: { authorization: token },
        payload: { channel: 'demo', amountMinor: '77700', requestId: randomUUID() },
      });
      expect(created.json().value.status).toBe('approved');
      const balance = JSON.parse(await stream.next('balance'));
      expect(balance).toMatchObject({ sumBalance: '77700', balance: [{ accountTypeId: 'MAIN', availBalance: '77700' }] });
      const note = JSON.parse(await stream.next('notification'));
      expect(note).toMatchObject({ type: 'deposit.approved', payload: { amountMinor: '77700' }, read: false });
    } finally {
      stream.close();
    }
  });

  it('delivers the balance of a settlement batch that credits the member among others', async () => {
    const member = await newMember(db.kysely);
    const credited = [await newMember(db.kysely), member, await newMember(db.kysely)];
    const token = await startSession(db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.2.0.4' });
    const stream = await readServerEventsForTest(`${secondUrl}/wps/member/live`, { authorization: token });
    try {
      await stream.next('ready');
      const ledger = new Ledger(db.kysely);
      await db.kysely.transaction().execute((trx) =>
        ledger.creditBatch(
          credited.map(({ id }, i) => ({
            merchant: DEMO_MERCHANT,
            from: { kind: 'house', purpose: 'games' },
            to: { kind: 'member_main', memberId: id },
            amount: 500n + BigInt(i),
            kind: 'win',
            cause: { type: 'job', id: 'live-batch' },
            idempotencyKey: `live-batch:${id}`,
          })),
          trx,
        ),
      );
      expect(JSON.parse(await stream.next('balance')).sumBalance).toBe('501');
    } finally {
      stream.close();
    }
  });

  it('refuses a stream without a valid token with the 401 envelope', async () => {
    const res = await fetch(`${secondUrl}/wps/member/live`, { headers: { authorization: 'x'.repeat(43) } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, code: 'login.not.session' });
  });

  it("never sends one member's events to another member's stream", async () => {
    const watcher = await newMember(db.kysely);
    const other = await newMember(db.kysely);
    const token = await startSession(db.kysely, { memberId: watcher.id, merchantCode: DEMO_MERCHANT, ip: '10.2.0.2' });
    const stream = await readServerEventsForTest(`${secondUrl}/wps/member/live`, { authorization: token });
    try {
      await stream.next('ready');
      const otherToken = await startSession(db.kysely, { memberId: other.id, merchantCode: DEMO_MERCHANT, ip: '10.2.0.3' });
      await first.inject({
        method: 'POST',
        url: '/wps/deposit/orders',
        headers: { authorization: otherToken },
        payload: { channel: 'demo', amountMinor: '10000', requestId: randomUUID() },
      });
      // The watcher's own deposit afterwards is the first event it sees: nothing of the other member came before.
      await new DepositsService(db.kysely, new Ledger(db.kysely)).create(
        DEMO_MERCHANT,
        watcher.id,
        { channel: 'demo', amountMinor: '20000', requestId: randomUUID() },
        { requested: 'en', fallback: 'bn' },
      );
      expect(JSON.parse(await stream.next('balance')).sumBalance).toBe('20000');
      await stream.next('notification');
      expect(stream.seen().filter((e) => e.event !== 'ready')).toHaveLength(2);
    } finally {
      stream.close();
    }
  });
});
