import { randomUUID } from 'node:crypto';
import { createWithdrawal } from '@tessera/contract/api/withdrawals';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { SecurityCentreService } from '../security-centre/service.js';
import { SiteSettingsService } from '../site-settings/service.js';
import { payoutAccountInUse, WithdrawalsService } from './service.js';
import { availableOf, balanceOf, PAYMENT_PASSWORD, playerWithBalance } from './test/kit.js';

/* On PostgreSQL the app's pool and a second connection pool (another instance) really run at once. */
describe('withdrawals under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let other: Db;
  let instanceA: WithdrawalsService;
  let instanceB: WithdrawalsService;
  const security = (db: Kysely<Database>) => new SecurityCentreService(db, payoutAccountInUse);
  beforeAll(async () => {
    t = await createTestApp();
    other = await t.db.reopen();
    const settingsA = new SiteSettingsService(t.db.kysely);
    const settingsB = new SiteSettingsService(other.kysely);
    instanceA = new WithdrawalsService(
      t.db.kysely,
      new Ledger(t.db.kysely),
      security(t.db.kysely),
      async (m: string) => (await settingsA.get(m, 0)) ?? Promise.reject(new Error(m)),
    );
    instanceB = new WithdrawalsService(
      other.kysely,
      new Ledger(other.kysely),
      security(other.kysely),
      async (m: string) => (await settingsB.get(m, 0)) ?? Promise.reject(new Error(m)),
    );
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const pending = async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    const w = await instanceA.create(
      { merchant: DEMO_MERCHANT, memberId: p.member.id },
      { requestId: randomUUID(), amount: '30000', payoutAccountId: p.accountId, paymentPassword: PAYMENT_PASSWORD },
    );
    return { p, id: BigInt(w.id) };
  };
  const codesOf = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code?: string }).code)).sort();

  it('refuses one of two simultaneous withdrawals that together exceed the balance', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    const send = () =>
      sealedInject(
        t.app,
        createWithdrawal,
        { requestId: randomUUID(), amount: '30000', payoutAccountId: p.accountId, paymentPassword: PAYMENT_PASSWORD },
        { headers: p.headers },
      );
    const responses = await Promise.all([send(), send()]);
    expect(responses.map((r) => r.json().code).sort()).toEqual(['ok', 'wallet.insufficient.funds']);
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(20_000n);
    const rows = await t.db.kysely.selectFrom('withdrawals').select('status').where('member_id', '=', p.member.id).execute();
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('takes the right payment password from ten requests at once without locking it', async () => {
    const p = await playerWithBalance(t.db.kysely, 200_000n);
    const send = (paymentPassword: string) =>
      sealedInject(
        t.app,
        createWithdrawal,
        { requestId: randomUUID(), amount: '10000', payoutAccountId: p.accountId, paymentPassword },
        { headers: p.headers },
      );
    const responses = await Promise.all(Array.from({ length: 10 }, () => send(PAYMENT_PASSWORD)));
    expect(responses.map((r) => r.json().code)).toEqual(Array(10).fill('ok'));
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(100_000n);
    expect((await send('000000')).json().code).toBe('invalid.payment.pw');
  });

  it('answers a retried request id as the repeat it is, sent at once or after the password locked', async () => {
    const p = await playerWithBalance(t.db.kysely, 200_000n);
    const body = { requestId: randomUUID(), amount: '10000', payoutAccountId: p.accountId, paymentPassword: PAYMENT_PASSWORD };
    const send = (overrides: Partial<typeof body> = {}) =>
      sealedInject(t.app, createWithdrawal, { ...body, ...overrides }, { headers: p.headers });
    const burst = await Promise.all(Array.from({ length: 10 }, () => send()));
    expect(new Set(burst.map((r) => r.json().value?.id)).size).toBe(1);
    for (let i = 0; i < 5; i++) await send({ requestId: randomUUID(), paymentPassword: '000000' });
    const retried = await send({ paymentPassword: '000000' });
    expect(retried.json()).toMatchObject({ success: true, value: { id: burst[0]?.json().value.id } });
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(190_000n);
  });

  it('checks at most five wrong payment passwords sent at once, then locks', async () => {
    const p = await playerWithBalance(t.db.kysely, 200_000n);
    const send = (paymentPassword: string) =>
      sealedInject(
        t.app,
        createWithdrawal,
        { requestId: randomUUID(), amount: '10000', payoutAccountId: p.accountId, paymentPassword },
        { headers: p.headers },
      );
    const codes = (await Promise.all(Array.from({ length: 10 }, () => send('000000')))).map((r) => r.json().code);
    expect(codes.filter((code) => code === 'invalid.payment.pw').length).toBeLessThanOrEqual(4);
    expect(codes.filter((code) => code === 'payment.pw.locked').length).toBeGreaterThanOrEqual(6);
    expect((await send(PAYMENT_PASSWORD)).json().code).toBe('payment.pw.locked');
  });

  it('pays once when two instances approve at the same moment', async () => {
    const { p, id } = await pending();
    const results = await Promise.allSettled([
      instanceA.approve(DEMO_MERCHANT, id, 'a'),
      instanceB.approve(DEMO_MERCHANT, id, 'b'),
    ]);
    expect(codesOf(results)).toEqual(['ok', 'withdrawal.state']);
    expect(await balanceOf(t.db.kysely, p.member.id)).toBe(20_000n);
    const notes = await t.db.kysely
      .selectFrom('member_notifications')
      .select('type')
      .where('member_id', '=', p.member.id)
      .execute();
    expect(notes).toHaveLength(1);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('dedupe_key', '=', `withdrawal.auto-receipt:${id}`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('lets exactly one of approve and reject win a race', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { p, id } = await pending();
      const results = await Promise.allSettled([
        instanceA.approve(DEMO_MERCHANT, id, 'a'),
        instanceB.reject(DEMO_MERCHANT, id, 'b', 'race'),
      ]);
      expect(codesOf(results)).toEqual(['ok', 'withdrawal.state']);
      const row = await t.db.kysely.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      const balance = await balanceOf(t.db.kysely, p.member.id);
      const available = await availableOf(t.db.kysely, p.member.id);
      if (row.status === 'rejected') expect([balance, available]).toEqual([50_000n, 50_000n]);
      else expect([row.status, balance, available]).toEqual(['awaiting_confirmation', 20_000n, 20_000n]);
    }
  });
});
