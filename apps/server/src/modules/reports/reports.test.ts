import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff } from '../staff/test/kit.js';
import { moneyMoves, rollUpAll } from './test/kit.js';

describe('reports and the dashboard', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  let today: string;
  const get = async (url: string) => {
    const answer = await t.app.inject({ url, headers: { authorization: token } });
    return { status: answer.statusCode, body: answer.json() };
  };
  const dashboard = async () => (await get('/bo/api/reports/dashboard?period=7d')).body.value;
  const report = async (query: string) => (await get(`/bo/api/reports?from=${today}&to=${today}&${query}`)).body.value;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
    today = (await dashboard()).toDay;
  });
  afterAll(() => t.close());

  it('counts bets, wins, refunds, deposits, withdrawals, sign-ups and first deposits, rolled up or live alike', async () => {
    const before = (await dashboard()).totals;
    const moves = moneyMoves(t.db.kysely);
    const alice = await newMember(t.db.kysely, { account: 'alice01' });
    const bob = await newMember(t.db.kysely, { account: 'bob0001' });
    await moves.deposit(alice.id, 10_000n);
    await moves.deposit(bob.id, 5_000n);
    await moves.bet(alice.id, 1_000n, 'HOUSE', 'slot1');
    // Half of it in the summaries, the rest read live.
    await rollUpAll(t.db.kysely, t.services.reports);
    await moves.bet(alice.id, 1_000n, 'HOUSE', 'slot1');
    await moves.win(alice.id, 1_500n, 'HOUSE', 'slot1');
    await moves.bet(bob.id, 2_000n, 'VEND', 'g2');
    await moves.win(bob.id, 2_000n, 'VEND', 'g2', 'refund');
    const hold = await moves.withdrawalHold(alice.id, 3_000n);
    await t.db.kysely.transaction().execute((trx) => t.services.reports.rollUp(trx));
    // A pending withdrawal is no withdrawal yet; posted, it counts once.
    await moves.deposit(alice.id, 500n);
    await moves.ledger.post(hold.id);

    const delta = (after: Record<string, number | string>) =>
      Object.fromEntries(Object.entries(after).map(([name, value]) => [name, String(BigInt(value) - BigInt(before[name]))]));
    const expected = {
      bets: '3',
      stake: '2000',
      payout: '1500',
      ggr: '500',
      deposits: '3',
      depositAmount: '15500',
      withdrawals: '1',
      withdrawalAmount: '3000',
      signUps: '2',
      firstDepositors: '2',
      activePlayers: '2',
    };
    const live = await dashboard();
    expect(delta(live.totals)).toEqual(expected);
    expect(live.days).toHaveLength(7);
    // Amounts come with the merchant's currency, for the screens to format as every other amount.
    const { currency } = (await t.services.siteSettings.get('demo', 0))!.product;
    const inCurrency = { code: currency.code, symbol: currency.symbol, minorDigits: currency.minorDigits };
    expect(live.currency).toEqual(inCurrency);
    expect((await report('groupBy=day&merchant=demo')).currency).toEqual(inCurrency);
    // Counted per day by the roll-up and live, and as distinct members over the range: one day, the same number.
    const oneDay = await report('groupBy=day');
    expect(oneDay.rows[0].activePlayers).toBe(oneDay.totals.activePlayers);
    expect(live.days.at(-1).day).toBe(today);
    await rollUpAll(t.db.kysely, t.services.reports);
    expect(delta((await dashboard()).totals)).toEqual(expected);
    const rolledDay = await report('groupBy=day');
    expect(rolledDay.rows[0].activePlayers).toBe(rolledDay.totals.activePlayers);
    // A second roll-up of the same moves adds nothing.
    await rollUpAll(t.db.kysely, t.services.reports);
    expect(delta((await dashboard()).totals)).toEqual(expected);

    const games = await report('groupBy=game&sort=stake&order=desc');
    expect(games.rows.map((row: { key: string; bets: number; stake: string; payout: string; deposits: null }) => row)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'HOUSE:slot1', bets: 2, stake: '2000', payout: '1500', ggr: '500', deposits: null }),
        expect.objectContaining({ key: 'VEND:g2', bets: 1, stake: '0', payout: '0' }),
      ]),
    );
    const players = await report('groupBy=player&sort=deposits&order=desc&pageSize=25');
    expect(players.rows[0]).toMatchObject({
      label: 'alice01',
      merchant: 'demo',
      stake: '2000',
      playerPnl: '-500',
      deposits: 2,
      depositAmount: '10500',
      withdrawalAmount: '3000',
    });
    const one = await report('groupBy=player&player=BOB0001');
    expect(one.rows.map((row: { label: string }) => row.label)).toEqual(['bob0001']);
    const vendors = await report('groupBy=vendor&sort=key');
    expect(vendors.rows.map((row: { key: string }) => row.key)).toEqual(['HOUSE', 'VEND']);
    const secondPage = await report('groupBy=vendor&sort=key&pageSize=25&page=2');
    expect([secondPage.rows, secondPage.total, secondPage.totals.bets]).toEqual([[], 2, 3]);

    const csv = (await get(`/bo/api/reports/export?from=${today}&to=${today}&groupBy=player&sort=key`)).body.value;
    const lines = csv.csv.trim().split('\n');
    expect(lines[0]).toBe(
      'key,label,merchant,bets,stake,payout,ggr,player_pnl,deposits,deposit_amount,withdrawals,withdrawal_amount,sign_ups,first_depositors,active_players',
    );
    expect(lines.find((line: string) => line.includes(',alice01,'))).toBe(
      `${alice.id},alice01,demo,2,2000,1500,500,-500,2,10500,1,3000,,,`,
    );
  });

  it('leaves play money out, and refuses a range backwards or over a year', async () => {
    const before = (await dashboard()).totals;
    const trial = await newMember(t.db.kysely, { agentType: 4 });
    const moves = moneyMoves(t.db.kysely);
    await moves.ledger
      .transfer({
        merchant: 'demo',
        from: { kind: 'member_main', memberId: trial.id },
        to: { kind: 'house', purpose: 'playmoney' },
        amount: 1n,
        kind: 'bet',
        cause: { type: 'member', id: 'test' },
      })
      .catch(() => undefined);
    const after = (await dashboard()).totals;
    expect([after.bets, after.signUps]).toEqual([before.bets, before.signUps]);

    for (const range of [`from=${today}&to=2020-01-01`, 'from=2024-01-01&to=2025-06-01', 'from=2025-02-30&to=2025-03-01']) {
      const refused = await get(`/bo/api/reports?${range}&groupBy=day`);
      expect([refused.status, refused.body.code]).toEqual([400, 'reports.range.invalid']);
    }
    const unknown = await get(`/bo/api/reports?from=${today}&to=${today}&groupBy=colour`);
    expect(unknown.status).toBe(400);
  });

  it('counts the deposit requests waiting for an operator', async () => {
    const before = (await dashboard()).openRequests;
    const member = await newMember(t.db.kysely);
    const { rows } = await sql<{ id: bigint }>`SELECT id FROM deposit_channels WHERE merchant_code = 'demo' LIMIT 1`.execute(
      t.db.kysely,
    );
    await sql`
      INSERT INTO deposit_orders (merchant_code, member_id, channel_id, request_id, amount_minor)
      VALUES ('demo', ${member.id}, ${rows[0]!.id}, 'r1', 100)`.execute(t.db.kysely);
    expect((await dashboard()).openRequests).toEqual({ deposits: before.deposits + 1, withdrawals: before.withdrawals });
  });
});
