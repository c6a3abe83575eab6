import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';

const TX = '/wps/member/records/transactions';
const BONUS = '/wps/member/records/bonuses';
const DAY = 24 * 3600_000;

describe('account record and bonus details', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ledger: Ledger;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = new Ledger(t.db.kysely);
  });
  afterAll(() => t.close());

  const range = () => `startTime=${Date.now() - DAY}&endTime=${Date.now() + 60_000}`;

  /** A member with a deposit, a bet, a win, a bonus, a game-wallet transfer and a pending withdrawal. */
  async function activeMember() {
    const member = await newMember(t.db.kysely);
    const memberId = member.id;
    const main = { kind: 'member_main', memberId } as const;
    const cause = { type: 'operator', id: 'test' } as const;
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'channel_in', channel: 'test' },
      to: main,
      amount: 100_000n,
      kind: 'deposit',
      cause,
      memo: { depositOrderId: '77' },
    });
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: main,
      to: { kind: 'house', purpose: 'games' },
      amount: 2_000n,
      kind: 'bet',
      cause,
      memo: { gameCategory: 'RNG', validBet: 2000, roundId: 'r1' },
    });
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'games' },
      to: main,
      amount: 5_000n,
      kind: 'win',
      cause,
      memo: { roundId: 'r1' },
    });
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'promotions' },
      to: main,
      amount: 700n,
      kind: 'bonus',
      cause,
    });
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: main,
      to: { kind: 'member_vendor', memberId, vendor: 'JILI' },
      amount: 1_000n,
      kind: 'wallet_transfer',
      cause,
    });
    await ledger.hold({
      merchant: DEMO_MERCHANT,
      from: main,
      to: { kind: 'channel_out', channel: 'bank' },
      amount: 10_000n,
      kind: 'withdrawal',
      cause,
    });
    return { member, call: asMember(t.app, await sessionFor(t.db.kysely, member)) };
  }

  it('lists every ledger entry of the member, newest first, with signed amounts and balances after', async () => {
    const { call } = await activeMember();
    const res = await call('GET', `${TX}?${range()}`);
    expect(res.statusCode).toBe(200);
    const page = res.json().value;
    expect(page).toMatchObject({ page: 1, size: 10, total: 7, totalPages: 1 });
    expect(
      page.content.map((e: { type: string; amountMinor: string; wallet: string }) => [e.type, e.amountMinor, e.wallet]),
    ).toEqual([
      ['withdrawal', '-10000', 'main'],
      ['wallet_transfer', '1000', 'vendor:JILI'],
      ['wallet_transfer', '-1000', 'main'],
      ['bonus', '700', 'main'],
      ['win', '5000', 'main'],
      ['bet', '-2000', 'main'],
      ['deposit', '100000', 'main'],
    ]);
    expect(page.content[0]).toMatchObject({ state: 'pending', balanceAfterMinor: null });
    expect(page.content[2]).toMatchObject({ state: 'posted', balanceAfterMinor: '102700' });
    expect(page.content[5]).toMatchObject({ balanceAfterMinor: '98000', gameCategory: 'RNG', orderNo: 'r1' });
    expect(page.content[6]).toMatchObject({ balanceAfterMinor: '100000', orderNo: '77' });
  });

  it('filters by type and pages', async () => {
    const { call } = await activeMember();
    const bets = (await call('GET', `${TX}?${range()}&types=bet,win`)).json().value;
    expect(bets.content.map((e: { type: string }) => e.type)).toEqual(['win', 'bet']);
    const second = (await call('GET', `${TX}?${range()}&size=3&page=2`)).json().value;
    expect(second).toMatchObject({ page: 2, size: 3, total: 7, totalPages: 3 });
    expect(second.content.map((e: { type: string }) => e.type)).toEqual(['bonus', 'win', 'bet']);
    const old = (await call('GET', `${TX}?startTime=${Date.now() - 10 * DAY}&endTime=${Date.now() - 5 * DAY}`)).json().value;
    expect(old).toMatchObject({ total: 0, content: [] });
  });

  it('bonus details list only bonuses and rebates paid to the member', async () => {
    const { call } = await activeMember();
    const page = (await call('GET', `${BONUS}?${range()}`)).json().value;
    expect(page.content.map((e: { type: string; amountMinor: string }) => [e.type, e.amountMinor])).toEqual([['bonus', '700']]);
  });

  it('refuses bad ranges and filters with a 400 envelope', async () => {
    const { call } = await activeMember();
    const now = Date.now();
    for (const query of [
      `startTime=${now}&endTime=${now - 1}`,
      `startTime=${now - 40 * DAY}&endTime=${now}`,
      `startTime=${now - DAY}&endTime=${now}&types=lottery`,
      `startTime=${now - DAY}&endTime=${now}&size=500`,
      `startTime=x&endTime=${now}`,
      `endTime=${now}`,
    ]) {
      const res = await call('GET', `${TX}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await call('GET', `${TX}?startTime=${now}&endTime=${now - 1}`)).json().code).toBe('records.range.invalid');
  });

  it('another member sees none of these entries, and a caller without a session is refused', async () => {
    await activeMember();
    const stranger = await newMember(t.db.kysely);
    const call = asMember(t.app, await sessionFor(t.db.kysely, stranger));
    expect((await call('GET', `${TX}?${range()}`)).json().value).toMatchObject({ total: 0, content: [] });
    expect((await call('GET', `${BONUS}?${range()}`)).json().value).toMatchObject({ total: 0, content: [] });
    expect((await t.app.inject({ method: 'GET', url: `${TX}?${range()}` })).statusCode).toBe(401);
  });
});
