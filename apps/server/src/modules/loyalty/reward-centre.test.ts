import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
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
});
