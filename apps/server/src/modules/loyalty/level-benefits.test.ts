import { randomUUID } from 'node:crypto';
import { createWithdrawal } from '@tessera/contract/api/withdrawals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { PAYMENT_PASSWORD, type Player, playerWithBalance } from '../withdrawals/test/kit.js';
import { level, settledBet } from './test/kit.js';

/**
 * VIP1 adds 1 % to every priced cashback rate and allows 2 withdrawal requests, 300.00 in all, a day. Members are
 * placed at their level; its threshold is out of the tests' bets' reach, so the loyalty count moves no one.
 */
const BENEFITS_VIP = {
  windowDays: 30,
  levels: [
    level('VIP0', '0', '0'),
    level('VIP1', '100000000000', '0', {
      cashbackExtraBasisPoints: 100,
      withdrawalDailyMaxMinor: '30000',
      withdrawalDailyCount: 2,
    }),
  ],
};

describe('loyalty: the benefits of a VIP level act in the money paths', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  const atLevel = (memberId: bigint, rank: number) =>
    t.db.kysely
      .insertInto('loyalty_members')
      .values({ member_id: memberId, merchant_code: DEMO_MERCHANT, rank_level: rank, highest_level: rank })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ rank_level: rank }))
      .execute();

  const withdraw = (p: Player, amount: string) =>
    sealedInject(
      t.app,
      createWithdrawal,
      { requestId: randomUUID(), amount, payoutAccountId: p.accountId, paymentPassword: PAYMENT_PASSWORD },
      { headers: p.headers },
    );
  const info = async (p: Player) =>
    (await t.app.inject({ method: 'GET', url: '/wps/withdraw/info', headers: { language: 'en', ...p.headers } })).json().value;

  beforeAll(async () => {
    t = await createTestApp();
    await t.settings.set(DEMO_MERCHANT, 'vip', BENEFITS_VIP, 'test');
    await t.services.cashback.setRate(DEMO_MERCHANT, 'RNG', 50, 'test');
    await t.services.cashback.setRate(DEMO_MERCHANT, 'FISH', 0, 'test');
  }, 180_000);
  afterAll(() => t.close());

  it('pays cashback at the priced rate plus the level’s extra, and nothing extra on unpriced categories', async () => {
    const vip = await playerWithBalance(t.db.kysely, 200_000n);
    const plain = await playerWithBalance(t.db.kysely, 200_000n);
    await atLevel(vip.member.id, 1);
    for (const p of [vip, plain]) {
      await settledBet(t.services, p.member.id, 'RNG', 100_000n);
      await settledBet(t.services, p.member.id, 'FISH', 50_000n);
    }

    const overview = await t.services.cashback.overview(DEMO_MERCHANT, vip.member.id);
    expect(overview.categories).toEqual([
      { gameCategory: 'FISH', validBetMinor: '50000', rateBasisPoints: 0, claimableMinor: '0' },
      { gameCategory: 'RNG', validBetMinor: '100000', rateBasisPoints: 150, claimableMinor: '1500' },
    ]);
    expect((await t.services.cashback.claim(DEMO_MERCHANT, vip.member.id)).claim.amountMinor).toBe('1500');
    expect((await t.services.cashback.claim(DEMO_MERCHANT, plain.member.id)).claim.amountMinor).toBe('500');
  });

  it('limits withdrawals by the level’s daily amount and request count, with the reason in the answer', async () => {
    const p = await playerWithBalance(t.db.kysely, 1_000_000n);
    await atLevel(p.member.id, 1);
    expect(await info(p)).toMatchObject({
      dailyMax: '30000',
      remainingToday: '30000',
      dailyCount: 2,
      remainingCountToday: 2,
      limitsLevel: 'VIP1',
    });

    const tooMuch = await withdraw(p, '40000');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'withdrawal.daily.limit' });
    expect(tooMuch.json().value.fields[0]).toMatchObject({
      key: 'errors.withdrawal_level_daily_limit',
      params: { level: 'VIP1', dailyMaxMinor: '30000', remainingMinor: '30000' },
    });

    expect((await withdraw(p, '10000')).statusCode).toBe(200);
    expect((await withdraw(p, '10000')).statusCode).toBe(200);
    expect(await info(p)).toMatchObject({ remainingToday: '10000', remainingCountToday: 0 });
    const third = await withdraw(p, '10000');
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({ code: 'withdrawal.daily.count' });
    expect(third.json().value.fields[0].params).toEqual({ level: 'VIP1', dailyCount: 2 });
  });

  it('leaves a level-0 member to the site’s limits', async () => {
    const p = await playerWithBalance(t.db.kysely, 1_000_000n);
    expect(await info(p)).toMatchObject({ dailyMax: '10000000', dailyCount: null, remainingCountToday: null, limitsLevel: null });
    for (let i = 0; i < 3; i++) expect((await withdraw(p, '10000')).statusCode).toBe(200);
  });
});
