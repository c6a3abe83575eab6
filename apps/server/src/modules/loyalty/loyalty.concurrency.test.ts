import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { PAYMENT_PASSWORD, playerWithBalance } from '../withdrawals/test/kit.js';
import { counted, grantPoints, mallItem, pointsOf, STAFF, spin, TEST_VIP } from './test/kit.js';

describe('loyalty under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { language: 'en', ...headers }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    await t.settings.set(DEMO_MERCHANT, 'vip', TEST_VIP, 'test');
  });
  afterAll(() => t.close());

  it('never oversells a mall item: 50 redeems at once against a stock of 10', async () => {
    const item = await t.services.loyaltyAdmin.createItem(DEMO_MERCHANT, mallItem({ stock: 10, pointsPrice: '40' }), 'bn', STAFF);
    const players = await Promise.all(Array.from({ length: 5 }, () => playerWithBalance(t.db.kysely, 0n)));
    for (const player of players) await grantPoints(t.services, player.member.id, 1000n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const player = players[i % players.length];
        if (!player) throw new Error('no player');
        return post('/wps/relay/passwordCheck/MCS2_redeemPointReward', player.headers, {
          itemId: item.id,
          quantity: 1,
          paymentPassword: PAYMENT_PASSWORD,
          requestId: randomUUID(),
        });
      }),
    );
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'ok').every((code) => code === 'loyalty.item.unavailable')).toBe(true);
    const [stored] = await t.services.loyaltyAdmin.items(DEMO_MERCHANT);
    expect(stored).toMatchObject({ id: item.id, stock: 0, redeemedCount: 10 });
    const spent = await Promise.all(players.map(async (player) => 1000n - (await pointsOf(t.services, player.member.id))));
    expect(spent.reduce((sum, points) => sum + points, 0n)).toBe(400n);
  }, 120_000);

  it('keeps the points ledger whole while bets earn, redeems spend and conversions cash out at once', async () => {
    const { member, headers } = await playerWithBalance(t.db.kysely, 200_000n);
    await grantPoints(t.services, member.id, 1000n);
    const item = await t.services.loyaltyAdmin.createItem(
      DEMO_MERCHANT,
      mallItem({ stock: 100, pointsPrice: '150' }),
      'bn',
      STAFF,
    );
    const work = [
      ...Array.from({ length: 12 }, () => spin(t.services, member.id, 1000n).then(() => 'ok')),
      ...Array.from({ length: 6 }, () =>
        post('/wps/relay/passwordCheck/MCS2_redeemPointReward', headers, {
          itemId: item.id,
          quantity: 1,
          paymentPassword: PAYMENT_PASSWORD,
          requestId: randomUUID(),
        }).then((answer) => answer.json().code as string),
      ),
      ...Array.from({ length: 6 }, () =>
        post('/wps/relay/passwordCheck/MCS2_convertPoint', headers, {
          points: '200',
          paymentPassword: PAYMENT_PASSWORD,
          requestId: randomUUID(),
        }).then((answer) => answer.json().code as string),
      ),
    ];
    const codes = await Promise.all(work);
    expect(codes.every((code) => code === 'ok' || code === 'loyalty.points.insufficient')).toBe(true);
    await counted(t.services, member.id);
    await t.services.loyaltyTracker.idle();

    const { rows } = await sql<{ credits: bigint; debits: bigint; balance: bigint; earned: bigint }>`
      WITH acct AS (SELECT id, balance FROM ledger_accounts WHERE owner_id = ${member.id} AND kind = 'member_points')
      SELECT
        coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = (SELECT id FROM acct) AND state = 'posted'), 0)::int8 AS credits,
        coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = (SELECT id FROM acct) AND state = 'posted'), 0)::int8 AS debits,
        (SELECT balance FROM acct) AS balance,
        coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = (SELECT id FROM acct) AND memo ->> 'pointsType' = 'earn' AND cause_type = 'member'), 0)::int8 AS earned`.execute(
      t.db.kysely,
    );
    const sums = rows[0];
    if (!sums) throw new Error('no points account');
    // 12 bets of 10.00 on slots earn 120 points at the demo rate; the grant was 1,000.
    expect(sums.earned).toBe(120n);
    expect(sums.balance).toBe(sums.credits - sums.debits);
    expect(sums.balance).toBeGreaterThanOrEqual(0n);
    const redeemed = codes.slice(12, 18).filter((code) => code === 'ok').length;
    const converted = codes.slice(18).filter((code) => code === 'ok').length;
    expect(sums.balance).toBe(1120n - BigInt(redeemed) * 150n - BigInt(converted) * 200n);
    const cashIn = await t.db.kysely
      .selectFrom('point_conversions')
      .select((eb) => eb.fn.sum<string>('amount_minor').as('total'))
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    expect(BigInt(cashIn?.total ?? 0)).toBe(BigInt(converted) * 200n);
    // Every ledger transfer of the merchant balances: its accounts still sum to zero.
    const { rows: total } = await sql<{ sum: bigint }>`
      SELECT coalesce(sum(balance), 0)::int8 AS sum FROM ledger_accounts WHERE merchant_code = ${DEMO_MERCHANT}`.execute(
      t.db.kysely,
    );
    expect(total[0]?.sum).toBe(0n);
  }, 120_000);
});
