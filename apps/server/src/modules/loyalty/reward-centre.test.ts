import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { fundedMember } from '../house-vendor/test/kit.js';
import { createRaffle } from '../promotions/raffle/test/kit.js';
import { STAFF, spin } from '../promotions/test/kit.js';
import { availableOf, playerWithBalance } from '../withdrawals/test/kit.js';
import { settledBet } from './test/kit.js';

describe('loyalty: the rebate in the reward centre', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: { language: 'en', ...headers }, ...(payload ? { payload } : {}) });
  const rewardsOf = async (headers: Record<string, string>) =>
    (await call('GET', '/wps/relay/MCSFE_getRewardCenter', headers)).json().value.list as { source: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.cashback.setRate(DEMO_MERCHANT, 'RNG', 200, 'test');
  }, 180_000);
  afterAll(() => t.close());

  it('lists the rebate on valid bets with no expiry, pays it once into the main wallet, and then lists it no more', async () => {
    const { member, headers } = await playerWithBalance(t.db.kysely, 100_000n);
    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'rebate')).toEqual([]);
    await settledBet(t.services, member.id, 'RNG', 50_000n);

    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'rebate')).toEqual([
      {
        source: 'rebate',
        id: '1',
        periodStart: null,
        title: 'Rebate on valid bets',
        rewardType: 'cash',
        amount: '1000',
        expiresAt: null,
      },
    ]);
    const before = await availableOf(t.db.kysely, member.id);
    const claims = await Promise.all(
      [1, 2].map(() => call('POST', '/wps/relay/MCSFE_claimReward', headers, { source: 'rebate', id: '1' })),
    );
    expect(claims.map((claim) => claim.statusCode).sort()).toEqual([200, 400]);
    const paid = claims.find((claim) => claim.statusCode === 200)?.json().value.claimed;
    expect(paid).toMatchObject({ source: 'rebate', rewardType: 'cash', amount: '1000' });
    expect(claims.find((claim) => claim.statusCode === 400)?.json().code).toBe('cashback.nothing.to.claim');
    expect(await availableOf(t.db.kysely, member.id)).toBe(before + 1000n);
    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'rebate')).toEqual([]);

    const wrongId = await call('POST', '/wps/relay/MCSFE_claimReward', headers, { source: 'rebate', id: '2' });
    expect(wrongId.statusCode).toBe(400);
  });

  it('lists a won raffle prize with its deadline in the member’s language, pays it once through the raffle’s claim, and then lists it no more', async () => {
    const member = await fundedMember(t.db.kysely, 1_000_000n);
    const headers = { authorization: member.token };
    const { promotionId } = await createRaffle(t.services, { prizes: [{ kind: 'cash', amountMinor: '5000' }] }, [member.account]);
    await spin(t.services, member.id, 1000n);
    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'raffle')).toEqual([]);
    const drawn = await t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF);
    expect(drawn.winners).toHaveLength(1);
    const deadline = (await t.services.raffles.view(DEMO_MERCHANT, member.id, promotionId)).myPrize?.claimDeadline ?? 0;

    const prize = {
      source: 'raffle',
      id: promotionId.toString(),
      periodStart: null,
      title: 'Lucky draw',
      rewardType: 'cash',
      amount: '5000',
      expiresAt: deadline - 1,
    };
    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'raffle')).toEqual([prize]);
    const inBengali = (await call('GET', '/wps/relay/MCSFE_getRewardCenter', { ...headers, language: 'bn' })).json().value
      .list as { source: string; title: string }[];
    expect(inBengali.find((reward) => reward.source === 'raffle')?.title).toBe('লাকি ড্র');

    const before = await availableOf(t.db.kysely, member.id);
    const claims = await Promise.all([
      call('POST', '/wps/relay/MCS2_claimRafflePromotion', headers, { promotionId: promotionId.toString() }),
      call('POST', '/wps/relay/MCSFE_claimReward', headers, { source: 'raffle', id: promotionId.toString() }),
    ]);
    expect(claims.map((claim) => claim.statusCode)).toEqual([200, 200]);
    expect(claims[0]?.json().value).toMatchObject({ kind: 'cash', amountMinor: '5000', state: 'claimed' });
    expect(claims[1]?.json().value.claimed).toEqual({ ...prize, expiresAt: deadline - 1 });
    expect(await availableOf(t.db.kysely, member.id)).toBe(before + 5000n);
    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'raffle')).toEqual([]);
  });

  it('leaves out a prize past its deadline and refuses its claim', async () => {
    const member = await fundedMember(t.db.kysely, 1_000_000n);
    const headers = { authorization: member.token };
    const { promotionId } = await createRaffle(t.services, { prizes: [{ kind: 'cash', amountMinor: '5000' }] }, [member.account]);
    await spin(t.services, member.id, 1000n);
    await t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF);
    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'raffle')).toHaveLength(1);
    await t.db.kysely
      .updateTable('raffle_winners')
      .set({ claim_deadline: new Date(Date.now() - 1000) })
      .where('promotion_id', '=', promotionId)
      .execute();
    expect((await rewardsOf(headers)).filter((reward) => reward.source === 'raffle')).toEqual([]);
    const late = await call('POST', '/wps/relay/MCSFE_claimReward', headers, { source: 'raffle', id: promotionId.toString() });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('raffle.prize.expired');
  });
});
