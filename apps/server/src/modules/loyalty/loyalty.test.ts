import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { PAYMENT_PASSWORD, playerWithBalance } from '../withdrawals/test/kit.js';
import { counted, grantPoints, LANGUAGE, mallItem, pointsOf, STAFF, spin, TEST_VIP } from './test/kit.js';

const DAY = 86_400_000;

describe('loyalty: VIP ranks and points', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { language: 'en', ...headers } });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { language: 'en', ...headers }, payload });
  const transfersByKey = (key: string) =>
    t.db.kysely.selectFrom('ledger_transfers').select(['amount', 'kind']).where('idempotency_key', '=', key).execute();

  beforeAll(async () => {
    t = await createTestApp();
    await t.settings.set(DEMO_MERCHANT, 'vip', TEST_VIP, 'test');
  });
  afterAll(() => t.close());

  it('moves a member up on the very bet that crosses the threshold, pays the upgrade bonus once, and shows the rank', async () => {
    const { member, headers } = await playerWithBalance(t.db.kysely, 100_000n);
    const rankOf = () => t.services.loyalty.rankOf(DEMO_MERCHANT, member.id);
    for (let bet = 1; bet <= 2; bet++) {
      await spin(t.services, member.id, 1000n);
      await counted(t.services, member.id);
      expect((await rankOf()).rankLevel).toBe(0);
    }
    await spin(t.services, member.id, 1000n);
    await vi.waitFor(async () => expect(await rankOf()).toEqual({ rankLevel: 1, labelName: 'VIP1', vipService: false }), {
      timeout: 10_000,
      interval: 20,
    });
    expect(await transfersByKey(`vip-upgrade:${member.id}:1`)).toEqual([{ amount: 500n, kind: 'bonus' }]);

    const info = (await get('/wps/member/info', headers)).json().value;
    expect(info.clubLabel).toEqual({ labelName: 'VIP1', rankLevel: 1 });
    const vip = (await get('/wps/vip', headers)).json().value;
    expect(vip.levels.map((l: { labelName: string }) => l.labelName)).toEqual(['VIP0', 'VIP1', 'VIP2']);
    expect(vip.member).toMatchObject({
      rankLevel: 1,
      validBetMinor: '3000',
      next: { rankLevel: 2, labelName: 'VIP2', validBetShortMinor: '97000', percent: 3 },
    });
    expect((await get('/wps/vip')).json().value.member).toBeNull();

    // Demo rates: 1 point per 1.00 of valid bet on slots; points never expire.
    expect((await get('/wps/relay/MCS2_getPointBalance', headers)).json().value).toEqual({
      pointsBalance: '30',
      earnedTotal: '30',
      expires: false,
    });
    const details = (await get('/wps/relay/ODSFE2_MemTransDet', headers)).json().value;
    expect(details.list.every((entry: { type: string }) => entry.type === 'earn')).toBe(true);
    expect(details.list[0].pointsBalance).toBe('30');

    // Counting again finds nothing new: no second bonus, no points twice.
    await t.services.loyalty.catchUp(DEMO_MERCHANT, member.id);
    expect(await transfersByKey(`vip-upgrade:${member.id}:1`)).toHaveLength(1);
    expect(await pointsOf(t.services, member.id)).toBe(30n);
  });

  it('counts many members in one catch-up exactly once, however many catch-ups race over them', async () => {
    const players = await Promise.all([0, 1, 2].map(() => playerWithBalance(t.db.kysely, 100_000n)));
    const [a, b, c] = players.map((player) => player.member.id) as [bigint, bigint, bigint];
    for (const [memberId, bets] of [
      [a, [1000n, 1000n, 1000n]],
      [b, [1500n]],
      [c, [500n, 500n]],
    ] as const) {
      for (const bet of bets) await spin(t.services, memberId, bet);
    }
    await Promise.all([
      t.services.loyalty.catchUpMany(DEMO_MERCHANT, [a, b, c]),
      t.services.loyalty.catchUpMany(DEMO_MERCHANT, [c, b, a]),
      t.services.loyalty.catchUp(DEMO_MERCHANT, b),
    ]);
    await t.services.loyaltyTracker.idle();
    await t.services.loyalty.catchUpMany(DEMO_MERCHANT, [a, b, c]);

    expect(await Promise.all([a, b, c].map((id) => pointsOf(t.services, id)))).toEqual([30n, 15n, 10n]);
    const days = await t.db.kysely
      .selectFrom('loyalty_days')
      .select(['member_id', 'valid_bet_minor'])
      .where('member_id', 'in', [a, b, c])
      .execute();
    const validBet = new Map(days.map((day) => [day.member_id, day.valid_bet_minor]));
    expect([a, b, c].map((id) => validBet.get(id))).toEqual([3000n, 1500n, 1000n]);
    expect(
      await Promise.all([a, b, c].map(async (id) => (await t.services.loyalty.rankOf(DEMO_MERCHANT, id)).rankLevel)),
    ).toEqual([1, 0, 0]);
    expect(await transfersByKey(`vip-upgrade:${a}:1`)).toEqual([{ amount: 500n, kind: 'bonus' }]);
  });

  it('moves a member whose level lasted a window down by the keep rule, once however often the review runs', async () => {
    const at = new Date();
    const place = async (rank: number, sinceDaysAgo: number, validBetMinor: bigint) => {
      const { member } = await playerWithBalance(t.db.kysely, 0n);
      await t.db.kysely
        .insertInto('loyalty_members')
        .values({
          member_id: member.id,
          merchant_code: DEMO_MERCHANT,
          rank_level: rank,
          highest_level: rank,
          level_since: new Date(at.getTime() - sinceDaysAgo * DAY),
          monthly_paid_for: '',
        })
        .execute();
      await sql`INSERT INTO loyalty_days (member_id, day, valid_bet_minor) VALUES (${member.id}, current_date, ${validBetMinor})`.execute(
        t.db.kysely,
      );
      return member.id;
    };
    const slipping = await place(2, 40, 2000n);
    const keeping = await place(2, 40, 60_000n);
    const recent = await place(2, 5, 0n);
    const review = () => t.db.kysely.transaction().execute((trx) => t.services.loyalty.review(trx, at));
    await Promise.all([review(), review()]);
    await review();

    const levelOf = async (memberId: bigint) => (await t.services.loyalty.rankOf(DEMO_MERCHANT, memberId)).rankLevel;
    expect([await levelOf(slipping), await levelOf(keeping), await levelOf(recent)]).toEqual([1, 2, 2]);
    const changes = await t.db.kysely
      .selectFrom('loyalty_level_changes')
      .select(['from_level', 'to_level', 'reason'])
      .where('member_id', 'in', [slipping, keeping, recent])
      .execute();
    expect(changes).toEqual([{ from_level: 2, to_level: 1, reason: 'downgrade' }]);
    // The month's VIP bonus of the level each holds, once: VIP1 pays 2.00 a month, VIP2 nothing.
    const month = at.toISOString().slice(0, 7);
    expect(await transfersByKey(`vip-monthly:${slipping}:${month}`)).toEqual([{ amount: 200n, kind: 'bonus' }]);
    expect(await transfersByKey(`vip-monthly:${keeping}:${month}`)).toEqual([]);
  });

  it('redeems a mall item with the payment password: in process, then approved or rejected with points and stock back', async () => {
    const { member, headers } = await playerWithBalance(t.db.kysely, 0n);
    await grantPoints(t.services, member.id, 350n);
    const item = await t.services.loyaltyAdmin.createItem(DEMO_MERCHANT, mallItem({ stock: 3, perMemberLimit: 2 }), 'bn', STAFF);
    const redeem = (quantity: number, password = PAYMENT_PASSWORD, requestId = randomUUID()) =>
      post('/wps/relay/passwordCheck/MCS2_redeemPointReward', headers, {
        itemId: item.id,
        quantity,
        paymentPassword: password,
        requestId,
      });

    const wrong = await redeem(1, '000000');
    expect(wrong.json()).toMatchObject({ success: false, code: 'invalid.payment.pw' });
    const requestId = randomUUID();
    const first = await redeem(1, PAYMENT_PASSWORD, requestId);
    expect(first.json().value).toMatchObject({
      redemption: { itemName: 'Team jersey', quantity: 1, redeemAmount: '100', status: 'in_process', decidedAt: null },
      pointsBalance: '250',
    });
    expect((await redeem(1, PAYMENT_PASSWORD, requestId)).json().value.redemption.id).toBe(first.json().value.redemption.id);
    expect(await pointsOf(t.services, member.id)).toBe(250n);
    expect((await redeem(2)).json()).toMatchObject({
      code: 'loyalty.limit.reached',
      value: { fields: [{ params: { limit: 2 } }] },
    });

    const firstId = first.json().value.redemption.id as string;
    const rejected = await t.services.loyaltyAdmin.decide(
      DEMO_MERCHANT,
      BigInt(firstId),
      { decision: 'reject', remark: 'Out of size' },
      LANGUAGE,
      STAFF,
    );
    expect(rejected).toMatchObject({ status: 'rejected', remark: 'Out of size', pointsBalance: '350' });
    await expect(
      t.services.loyaltyAdmin.decide(DEMO_MERCHANT, BigInt(firstId), { decision: 'approve', remark: '' }, LANGUAGE, STAFF),
    ).rejects.toMatchObject({ code: 'loyalty.redemption.decided' });
    const items = (await get('/wps/relay/MCS2_getPointReward', headers)).json().value.list;
    expect(items.find((i: { id: string }) => i.id === item.id)).toMatchObject({ stock: 3, redeemedByMe: 0 });

    const second = (await redeem(2)).json().value.redemption;
    await t.services.loyaltyAdmin.decide(DEMO_MERCHANT, BigInt(second.id), { decision: 'approve', remark: '' }, LANGUAGE, STAFF);
    const history = (await get('/wps/relay/MCS2_getRedeemPointList', headers)).json().value;
    expect(history.list.map((r: { status: string }) => r.status)).toEqual(['approved', 'rejected']);
    expect((await redeem(1)).json()).toMatchObject({ code: 'loyalty.limit.reached' });
    expect(await pointsOf(t.services, member.id)).toBe(150n);
    const details = (await get('/wps/relay/ODSFE2_MemTransDet', headers)).json().value.list;
    expect(details.map((e: { type: string; changedPoints: string }) => [e.type, e.changedPoints])).toEqual([
      ['redeem', '-200'],
      ['refund', '100'],
      ['redeem', '-100'],
      ['earn', '350'],
    ]);
    const poor = await playerWithBalance(t.db.kysely, 0n);
    const refused = await post('/wps/relay/passwordCheck/MCS2_redeemPointReward', poor.headers, {
      itemId: item.id,
      quantity: 1,
      paymentPassword: PAYMENT_PASSWORD,
      requestId: randomUUID(),
    });
    expect(refused.json()).toMatchObject({ code: 'loyalty.points.insufficient' });
    expect(
      (await get('/wps/relay/MCS2_getPointReward')).json().value.list.find((i: { id: string }) => i.id === item.id).stock,
    ).toBe(1);
  });

  it('converts points to cash at the ratio, whole units only, once per request id', async () => {
    const { member, headers } = await playerWithBalance(t.db.kysely, 0n);
    await grantPoints(t.services, member.id, 250n);
    const config = (await get('/wps/relay/MCS2_getPointConfig')).json().value;
    expect(config).toMatchObject({
      pointsRatio: { points: 100, amountMinor: '100' },
      minConvertPoints: 100,
      convertible: true,
      expires: false,
    });
    const convert = (points: string, requestId = randomUUID()) =>
      post('/wps/relay/passwordCheck/MCS2_convertPoint', headers, { points, paymentPassword: PAYMENT_PASSWORD, requestId });
    expect((await convert('99')).json()).toMatchObject({
      code: 'loyalty.convert.below.min',
      value: { fields: [{ params: { min: 100 } }] },
    });
    const requestId = randomUUID();
    expect((await convert('250', requestId)).json().value).toEqual({
      changedPoints: '-200',
      amountMinor: '200',
      pointsBalance: '50',
    });
    expect((await convert('250', requestId)).json().value).toEqual({
      changedPoints: '-200',
      amountMinor: '200',
      pointsBalance: '50',
    });
    expect((await convert('100')).json()).toMatchObject({ code: 'loyalty.points.insufficient' });
    const cash = await t.services.ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id });
    expect(cash.available).toBe(200n);
    // Points are no money: the account record does not list them.
    const now = Date.now();
    const records = (
      await get(`/wps/member/records/transactions?startTime=${now - DAY}&endTime=${now + 60_000}`, headers)
    ).json();
    expect(records.value.content.map((r: { type: string; wallet: string }) => [r.type, r.wallet])).toEqual([['bonus', 'main']]);
  });
});
