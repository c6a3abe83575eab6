import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import { PAYMENT_PASSWORD, playerWithBalance } from '../withdrawals/test/kit.js';
import * as repo from './repo.js';
import {
  balances,
  createPromotion,
  depositNow,
  freeBonusInput,
  LANGUAGE,
  ledgerOf,
  promotionInput,
  STAFF,
  spin,
} from './test/kit.js';

const HOUR = 3600_000;

describe('promotions: deposit matches and bonuses with wagering', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: { language: 'en', ...(token ? { authorization: token } : {}) } });
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { language: 'en', authorization: token }, payload });
  const claimOf = async (memberId: bigint) => {
    const [latest] = await repo.selectMemberClaims(t.db.kysely, memberId);
    if (!latest) throw new Error(`member ${memberId} has no claim`);
    return latest;
  };
  const transferByKey = (key: string) =>
    t.db.kysely.selectFrom('ledger_transfers').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows each member where a promotion stands: coming soon, join, then close once it ends', async () => {
    const soon = await createPromotion(t.services, promotionInput({ startTime: Date.now() + HOUR }));
    const open = await createPromotion(t.services, promotionInput());
    const member = await newMember(t.db.kysely);
    const token = await sessionFor(t.db.kysely, member);
    const list = (await get('/wps/promotions', token)).json().value.list as { id: string; status: string }[];
    expect(list.find((p) => p.id === soon.id)?.status).toBe('coming_soon');
    expect(list.find((p) => p.id === open.id)).toMatchObject({ status: 'join', title: 'Welcome match' });
    const guest = (await get(`/wps/promotions/detail?promotionId=${open.id}`)).json().value;
    expect(guest).toMatchObject({ status: 'join', bonus: null, terms: { matchPercent: 100, wageringMultiplier: 1 } });
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(open.id), STAFF);
    const after = (await get('/wps/promotions', token)).json().value.list as { id: string }[];
    expect(after.map((p) => p.id)).not.toContain(open.id);
    const joinClosed = await post('/wps/promotions/join', token, { promotionId: open.id });
    expect(joinClosed.statusCode).toBe(409);
    expect(joinClosed.json()).toMatchObject({
      code: 'promo.not.available',
      value: { fields: [{ params: { reason: 'ended' } }] },
    });
    expect((await get('/wps/promotions/detail?promotionId=999999999')).statusCode).toBe(404);
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(soon.id), STAFF);
  });

  it('pays a joined first-deposit match into the bonus balance, never the main wallet, with a trail of its states', async () => {
    const promotion = await createPromotion(t.services, promotionInput({ wageringMultiplier: 20 }));
    const member = await newMember(t.db.kysely);
    const token = await sessionFor(t.db.kysely, member);
    const joined = await post('/wps/promotions/join', token, { promotionId: promotion.id });
    expect(joined.json().value).toMatchObject({ status: 'joined' });
    expect((await get('/wps/promotions/bonus', token)).json().value).toMatchObject({
      bonus: null,
      joined: { title: 'Welcome match' },
    });
    await depositNow(t.services, member.id, 30_000n);
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 30_000n, bonus: 30_000n });
    const bonus = (await get('/wps/promotions/bonus', token)).json().value.bonus;
    expect(bonus).toMatchObject({
      bonusMinor: '30000',
      depositMinor: '30000',
      balanceMinor: '30000',
      wageredMinor: '0',
      requiredMinor: '600000',
    });
    expect(bonus.expiresAt).toBeGreaterThan(Date.now() + 71 * HOUR);
    const detail = (await get(`/wps/promotions/detail?promotionId=${promotion.id}`, token)).json().value;
    expect(detail.status).toBe('process');
    const claim = await claimOf(member.id);
    expect((await repo.selectEvents(t.db.kysely, claim.id)).map((e) => [e.from_state, e.to_state, e.actor])).toEqual([
      [null, 'joined', `member:${member.id}`],
      ['joined', 'issued', expect.stringMatching(/^deposit:/)],
    ]);
    const grant = await transferByKey(`promotion-grant:${claim.id}`);
    expect(grant).toMatchObject({ kind: 'bonus', amount: 30_000n, state: 'posted' });
    const budget = await repo.selectPromotion(t.db.kysely, DEMO_MERCHANT, BigInt(promotion.id));
    expect(budget).toMatchObject({ budget_used_minor: 30_000n, claims_count: 1 });
    // A second first deposit is not a first deposit.
    const other = await createPromotion(t.services, promotionInput());
    const refused = await post('/wps/promotions/join', token, { promotionId: other.id });
    expect(refused.json().value.fields[0].params.reason).toBe('other_bonus_active');
  });

  it('refuses a deposit below the minimum and a first-deposit match after an earlier deposit', async () => {
    const promotion = await createPromotion(t.services, promotionInput({ minDepositMinor: '20000', maxClaimsPerMember: 2 }));
    const member = await newMember(t.db.kysely);
    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    await depositNow(t.services, member.id, 10_000n);
    expect(await claimOf(member.id)).toMatchObject({ state: 'rejected', reason: 'below_min_deposit', deposit_minor: 10_000n });
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 10_000n, bonus: 0n });
    const view = await t.services.promotions.detail(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    expect(view).toMatchObject({ status: 'rejected', reason: 'below_min_deposit', bonus: null });
    // After that deposit, no later one is a first deposit.
    await expect(t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE)).rejects.toMatchObject({
      value: { fields: [{ params: { reason: 'not_first_deposit' } }] },
    });
  });

  it('pays bets from cash first, then from the bonus; a bonus stake wins into the bonus balance; refuses bets above the maximum', async () => {
    const promotion = await createPromotion(
      t.services,
      freeBonusInput('100000', { maxBetMinor: '5000', wageringMultiplier: 30 }),
    );
    const member = await newMember(t.db.kysely);
    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 0n, bonus: 100_000n });
    await expect(spin(t.services, member.id, 6_000n)).rejects.toMatchObject({ code: 'promo.bet.above.max' });
    const played = await spin(t.services, member.id, 2_000n);
    const bet = await transferByKey(`house-round:${played.round.roundId}:bet`);
    const bonusAccount = await t.db.kysely
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'member_bonus')
      .where('owner_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(bet).toMatchObject({ debit_account_id: bonusAccount.id, amount: 2_000n });
    expect(bet?.memo).toMatchObject({ stake: 'bonus', validBet: 0 });
    const win = BigInt(played.round.win);
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 0n, bonus: 98_000n + win });
    if (win > 0n)
      expect((await transferByKey(`house-round:${played.round.roundId}:win`))?.credit_account_id).toBe(bonusAccount.id);
    expect(played.balance).toBe((98_000n + win).toString());
    expect(await claimOf(member.id)).toMatchObject({ state: 'issued', wagered_minor: 2_000n });
    // With cash that covers the bet, cash pays.
    await depositNow(t.services, member.id, 20_000n);
    const cashRound = await spin(t.services, member.id, 2_000n);
    expect((await transferByKey(`house-round:${cashRound.round.roundId}:bet`))?.memo).toMatchObject({ validBet: 2_000 });
    expect((await balances(ledgerOf(t.services), member.id)).bonus).toBe(98_000n + win);
    expect(await claimOf(member.id)).toMatchObject({ wagered_minor: 4_000n });
  });

  it('converts the bonus to cash once when wagering is met, up to the conversion cap, the rest back to the house', async () => {
    const promotion = await createPromotion(t.services, promotionInput({ maxConversionMinor: '20000' }));
    const member = await newMember(t.db.kysely);
    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    await depositNow(t.services, member.id, 50_000n);
    for (let i = 0; i < 5; i++) await spin(t.services, member.id, 10_000n);
    const claim = await claimOf(member.id);
    expect(claim).toMatchObject({ state: 'claimed', wagered_minor: 50_000n, converted_minor: 20_000n });
    expect(await transferByKey(`promotion-convert:${claim.id}`)).toMatchObject({ amount: 20_000n, kind: 'bonus' });
    expect(await transferByKey(`promotion-conversion-cap:${claim.id}`)).toMatchObject({ amount: 30_000n });
    expect((await balances(ledgerOf(t.services), member.id)).bonus).toBe(0n);
    const view = await t.services.promotions.detail(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    expect(view).toMatchObject({ status: 'claimed', bonus: { convertedMinor: '20000', balanceMinor: '0' } });
  });

  it('never offers nor pays a bonus to a protected player', async () => {
    const promotion = await createPromotion(t.services, promotionInput({ maxClaimsPerMember: 3 }));
    const limited = await newMember(t.db.kysely);
    await t.services.responsibleGaming.setDepositLimit(DEMO_MERCHANT, limited.id, 'daily', 1_000_000n);
    const view = await t.services.promotions.detail(DEMO_MERCHANT, limited.id, BigInt(promotion.id), LANGUAGE);
    expect(view).toMatchObject({ status: 'close', reason: 'responsible_gaming' });
    await expect(t.services.promotions.join(DEMO_MERCHANT, limited.id, BigInt(promotion.id), LANGUAGE)).rejects.toMatchObject({
      code: 'promo.not.available',
    });
    // Joined before the limit: the deposit is credited, the bonus is refused.
    const member = await newMember(t.db.kysely);
    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    await t.services.responsibleGaming.setDepositLimit(DEMO_MERCHANT, member.id, 'daily', 1_000_000n);
    await depositNow(t.services, member.id, 30_000n);
    expect(await claimOf(member.id)).toMatchObject({ state: 'rejected', reason: 'responsible_gaming' });
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 30_000n, bonus: 0n });
  });

  it('asks a withdrawal to confirm the forfeit of a running bonus, then forfeits it through the ledger', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('15000', { wageringMultiplier: 10 }));
    const player = await playerWithBalance(t.db.kysely, 100_000n);
    await t.services.promotions.join(DEMO_MERCHANT, player.member.id, BigInt(promotion.id), LANGUAGE);
    const request = {
      requestId: randomUUID(),
      amount: '50000',
      payoutAccountId: player.accountId,
      paymentPassword: PAYMENT_PASSWORD,
    };
    const ref = { merchant: DEMO_MERCHANT, memberId: player.member.id };
    await expect(t.services.withdrawals.create(ref, request)).rejects.toMatchObject({
      code: 'promo.bonus.forfeit.unconfirmed',
      value: { fields: [{ params: { forfeitMinor: '15000' } }] },
    });
    expect(await balances(ledgerOf(t.services), player.member.id)).toEqual({ cash: 100_000n, bonus: 15_000n });
    await t.services.withdrawals.create(ref, { ...request, forfeitBonus: true });
    const claim = await claimOf(player.member.id);
    expect(claim.state).toBe('forfeited');
    expect(await transferByKey(`promotion-forfeited:${claim.id}`)).toMatchObject({ amount: 15_000n, kind: 'bonus' });
    expect(await balances(ledgerOf(t.services), player.member.id)).toEqual({ cash: 50_000n, bonus: 0n });
    const events = await repo.selectEvents(t.db.kysely, claim.id);
    expect(events.at(-1)).toMatchObject({ from_state: 'issued', to_state: 'forfeited', actor: `member:${player.member.id}` });
    const view = await t.services.promotions.detail(DEMO_MERCHANT, player.member.id, BigInt(promotion.id), LANGUAGE);
    expect(view).toMatchObject({ status: 'close', reason: 'forfeited' });
  });

  it('expires a bonus by a durable job that returns it to the house; bets that met wagering convert it instead', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('5000', { maxClaimsPerMember: 2, wageringMultiplier: 2 }));
    const member = await newMember(t.db.kysely);
    // The app's own job runner may take the job first: wait until no expiry job is left undone.
    const runExpiry = async () => {
      await sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE kind = 'promotions.bonus-expiry' AND done_at IS NULL`.execute(
        t.db.kysely,
      );
      await t.services.jobs.runDue();
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM jobs WHERE kind = 'promotions.bonus-expiry' AND done_at IS NULL AND run_at <= now()`.execute(
            t.db.kysely,
          );
          return rows[0]?.n;
        })
        .toBe(0);
    };
    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    const first = await claimOf(member.id);
    await runExpiry();
    expect(await claimOf(member.id)).toMatchObject({ id: first.id, state: 'expired' });
    expect(await transferByKey(`promotion-expired:${first.id}`)).toMatchObject({ amount: 5_000n });
    expect((await repo.selectEvents(t.db.kysely, first.id)).at(-1)).toMatchObject({ to_state: 'expired', actor: 'job' });

    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    const second = await claimOf(member.id);
    // A lottery bet of 100,000 counts 10 %: 10,000, the requirement. No slot round counted it yet.
    await depositNow(t.services, member.id, 100_000n);
    await ledgerOf(t.services).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'member_main', memberId: member.id },
      to: { kind: 'house', purpose: 'games' },
      amount: 100_000n,
      kind: 'bet',
      cause: { type: 'game_round', id: 'lottery-1' },
      memo: { gameCategory: 'LOTT', validBet: 100_000 },
    });
    await runExpiry();
    expect(await claimOf(member.id)).toMatchObject({
      id: second.id,
      state: 'claimed',
      wagered_minor: 10_000n,
      converted_minor: 5_000n,
    });
  });
});
