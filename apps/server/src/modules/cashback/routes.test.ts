import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';

const CASHBACK = '/wps/member/cashback';

describe('cashback', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ledger: Ledger;
  const admin = (...argv: string[]) => runAdmin(argv, t.services);

  beforeAll(async () => {
    t = await createTestApp();
    ledger = new Ledger(t.db.kysely);
    expect((await admin('cashback', 'rate', 'set', 'rng', '150')).output).toBe(
      'cashback rate of RNG is now 150 basis points (1.50%)',
    );
    await admin('cashback', 'rate', 'set', 'LIVE', '80');
  });
  afterAll(() => t.close());

  /** Bets as the games module records them; backdated past the one-minute settling lag. */
  async function bet(member: TestMember, category: string, amount: bigint, validBet: number, minutesAgo = 5) {
    const main = { kind: 'member_main', memberId: member.id } as const;
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'channel_in', channel: 'test' },
      to: main,
      amount,
      kind: 'deposit',
      cause: { type: 'operator', id: 't' },
    });
    const receipt = await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: main,
      to: { kind: 'house', purpose: 'games' },
      amount,
      kind: 'bet',
      cause: { type: 'game_round', id: `r${Math.random()}` },
      memo: { gameCategory: category, validBet },
    });
    await t.db.kysely
      .updateTable('ledger_transfers')
      .set({ created_at: new Date(Date.now() - minutesAgo * 60_000) } as never)
      .where('id', '=', receipt.id)
      .execute();
  }

  async function player() {
    const member = await newMember(t.db.kysely);
    return { member, call: asMember(t.app, await sessionFor(t.db.kysely, member)) };
  }

  it('shows valid bets, rate and claimable amount per category, pays once, and starts a new period', async () => {
    const { member, call } = await player();
    await bet(member, 'RNG', 10_000n, 10_000);
    await bet(member, 'RNG', 5_000n, 3_333);
    await bet(member, 'LIVE', 20_000n, 20_000);
    await bet(member, 'FISH', 1_000n, 1_000);

    const overview = (await call('GET', CASHBACK)).json().value;
    expect(overview.periodStart).toBeNull();
    expect(overview.categories).toEqual([
      { gameCategory: 'FISH', validBetMinor: '1000', rateBasisPoints: 0, claimableMinor: '0' },
      { gameCategory: 'LIVE', validBetMinor: '20000', rateBasisPoints: 80, claimableMinor: '160' },
      // 13333 × 1.5% = 199.995 → 199: rounded down, never a fraction paid.
      { gameCategory: 'RNG', validBetMinor: '13333', rateBasisPoints: 150, claimableMinor: '199' },
    ]);
    expect(overview.totalClaimableMinor).toBe('359');

    const claimed = await call('POST', `${CASHBACK}/claim`, {});
    expect(claimed.statusCode).toBe(200);
    const { claim, overview: after } = claimed.json().value;
    expect(claim).toMatchObject({ amountMinor: '359', validBetMinor: '33333', periodStart: null });
    expect(after.totalClaimableMinor).toBe('0');
    expect(after.periodStart).toBe(claim.periodEnd);
    expect(after.history).toEqual([claim]);
    expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).balance).toBe(359n);

    expect((await call('POST', `${CASHBACK}/claim`, {})).json()).toMatchObject({
      code: 'cashback.nothing.to.claim',
      message: 'errors.cashback_nothing_to_claim',
    });

    // The rebates appear in the member's bonus details, one per category.
    const bonuses = (
      await call('GET', `/wps/member/records/bonuses?startTime=${Date.now() - 3600_000}&endTime=${Date.now() + 1000}`)
    ).json().value;
    expect(
      bonuses.content.map((e: { gameCategory: string; amountMinor: string }) => [e.gameCategory, e.amountMinor]).sort(),
    ).toEqual([
      ['LIVE', '160'],
      ['RNG', '199'],
    ]);
  });

  it('counts a bet of the last minute only in the next claim', async () => {
    const { member, call } = await player();
    await bet(member, 'RNG', 10_000n, 10_000, 0);
    expect((await call('GET', CASHBACK)).json().value.totalClaimableMinor).toBe('0');
    expect((await call('POST', `${CASHBACK}/claim`, {})).json().code).toBe('cashback.nothing.to.claim');
  });

  it('another member neither sees nor claims this cashback; bad input and no session are refused', async () => {
    const { member } = await player();
    await bet(member, 'RNG', 10_000n, 10_000);
    const { call } = await player();
    expect((await call('GET', CASHBACK)).json().value.totalClaimableMinor).toBe('0');
    expect((await call('POST', `${CASHBACK}/claim`, {})).json().code).toBe('cashback.nothing.to.claim');
    expect((await call('POST', `${CASHBACK}/claim`, { amount: 5 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: CASHBACK })).statusCode).toBe(401);
  });

  it('refuses bad operator input and lists rates', async () => {
    expect((await admin('cashback', 'rate', 'set', 'RNG', '10001')).exitCode).toBe(1);
    expect((await admin('cashback', 'rate', 'set', 'bad category!', '10')).exitCode).toBe(1);
    expect((await admin('cashback', 'rate', 'set', 'RNG', '-1')).exitCode).toBe(1);
    expect((await admin('cashback', 'rate', 'list')).output).toMatch(/LIVE\t80 bp[\s\S]*RNG\t150 bp/);
  });
});
