import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { createPromotion, freeBonusInput } from '../promotions/test/kit.js';
import { playerWithBalance } from '../withdrawals/test/kit.js';
import { maskAccount, periodStartOf } from './mission-rules.js';
import { counted, LANGUAGE, pointsOf, STAFF, spin, TEST_VIP } from './test/kit.js';
import { missionInput } from './test/missions-kit.js';

describe('loyalty: missions and the reward centre', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { language: 'en', ...headers } });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { language: 'en', ...headers }, payload });
  const today = () => new Date().toISOString().slice(0, 10);
  const summaryOf = async (headers: Record<string, string>) =>
    (await get('/wps/relay/MCSFE_getMissionSummaryDetails', headers)).json().value;
  const progressRows = (memberId: bigint) =>
    t.db.kysely
      .selectFrom('mission_progress')
      .select(['mission_id', 'progress', 'completed_at', 'claimed_at'])
      .where('member_id', '=', memberId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    await t.settings.set(DEMO_MERCHANT, 'vip', TEST_VIP, 'test');
  }, 180_000);
  afterAll(() => t.close());

  it('counts bets toward a mission from the money path, once however often the event is replayed', async () => {
    const mission = await t.services.missionAdmin.create(
      DEMO_MERCHANT,
      missionInput({ kind: 'valid_bet', gameCategory: 'RNG', target: '3000', rewardAmount: '50' }),
      'bn',
      STAFF,
    );
    const { member, headers } = await playerWithBalance(t.db.kysely, 100_000n);
    await spin(t.services, member.id, 1000n);
    await spin(t.services, member.id, 1000n);
    await counted(t.services, member.id);

    // The same events again (as after a reconnect), and counts racing each other: nothing counts twice.
    for (let i = 0; i < 3; i++)
      await sql`SELECT pg_notify('ledger', ${JSON.stringify({ merchant: DEMO_MERCHANT, memberId: member.id.toString() })})`.execute(
        t.db.kysely,
      );
    await Promise.all(Array.from({ length: 5 }, () => t.services.loyalty.catchUp(DEMO_MERCHANT, member.id)));
    await t.services.loyaltyTracker.idle();
    const mine = (await progressRows(member.id)).filter((row) => row.mission_id === BigInt(mission.id));
    expect(mine).toMatchObject([{ progress: 2000n, completed_at: null }]);

    let summary = await summaryOf(headers);
    expect(summary.claimableCount).toBe(0);
    expect(summary.list.find((view: { id: string }) => view.id === mission.id)).toMatchObject({
      progress: '2000',
      target: '3000',
      percent: 66,
      status: 'in_progress',
      periodStart: today(),
    });

    await spin(t.services, member.id, 1500n);
    await counted(t.services, member.id);
    summary = await summaryOf(headers);
    expect(summary.claimableCount).toBe(1);
    expect(summary.list.find((view: { id: string }) => view.id === mission.id)).toMatchObject({
      progress: '3500',
      percent: 100,
      status: 'claimable',
    });

    const centre = (await get('/wps/relay/MCSFE_getRewardCenter', headers)).json().value.list;
    expect(centre).toContainEqual(
      expect.objectContaining({ source: 'mission', id: mission.id, periodStart: today(), amount: '50', rewardType: 'points' }),
    );
    const before = await pointsOf(t.services, member.id);
    const claimed = await post('/wps/relay/MCSFE_claimReward', headers, {
      source: 'mission',
      id: mission.id,
      periodStart: today(),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await pointsOf(t.services, member.id)).toBe(before + 50n);
    expect((await summaryOf(headers)).claimableCount).toBe(0);
    const again = await post('/wps/relay/MCSFE_claimReward', headers, {
      source: 'mission',
      id: mission.id,
      periodStart: today(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('loyalty.mission.claimed');
    await t.services.missionAdmin.stop(DEMO_MERCHANT, BigInt(mission.id), STAFF);
  });

  it('pays a reward exactly once when many claims race', async () => {
    const mission = await t.services.missionAdmin.create(
      DEMO_MERCHANT,
      missionInput({ kind: 'bet_count', gameCategory: null, target: '1', period: 'once', rewardAmount: '70' }),
      'bn',
      STAFF,
    );
    const { member, headers } = await playerWithBalance(t.db.kysely, 10_000n);
    await spin(t.services, member.id, 1000n);
    await counted(t.services, member.id);
    const before = await pointsOf(t.services, member.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/wps/relay/MCSFE_claimReward', headers, { source: 'mission', id: mission.id, periodStart: '1970-01-01' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
    expect(await pointsOf(t.services, member.id)).toBe(before + 70n);
    const transfers = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('idempotency_key', '=', `mission-reward:${mission.id}:${member.id}:1970-01-01`)
      .execute();
    expect(transfers).toEqual([{ amount: 70n }]);
    await t.services.missionAdmin.stop(DEMO_MERCHANT, BigInt(mission.id), STAFF);
  });

  it('counts login days from sign-ins, pays a bonus reward into the bonus balance, and refuses an unfinished claim', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('100', { wageringMultiplier: 1 }));
    const mission = await t.services.missionAdmin.create(
      DEMO_MERCHANT,
      missionInput({
        kind: 'login_days',
        target: '1',
        period: 'weekly',
        rewardType: 'bonus',
        rewardAmount: '300',
        promotionId: promotion.id,
      }),
      'bn',
      STAFF,
    );
    const unfinished = await t.services.missionAdmin.create(
      DEMO_MERCHANT,
      missionInput({ kind: 'deposit', target: '100000', period: 'daily' }),
      'bn',
      STAFF,
    );
    const { member, headers } = await playerWithBalance(t.db.kysely, 0n);
    const summary = await summaryOf(headers);
    const view = summary.list.find((row: { id: string }) => row.id === mission.id);
    expect(view).toMatchObject({ status: 'claimable', progress: '1', periodStart: periodStartOf('weekly', today()) });
    const refused = await post('/wps/relay/MCSFE_claimReward', headers, {
      source: 'mission',
      id: unfinished.id,
      periodStart: today(),
    });
    expect(refused.json().code).toBe('loyalty.mission.incomplete');
    const claimed = await post('/wps/relay/MCSFE_claimReward', headers, {
      source: 'mission',
      id: mission.id,
      periodStart: view.periodStart,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const bonus = await t.services.ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_bonus', memberId: member.id });
    expect(bonus.available).toBe(300n);
    for (const id of [mission.id, unfinished.id]) await t.services.missionAdmin.stop(DEMO_MERCHANT, BigInt(id), STAFF);
  });

  it('ranks members by missions completed this week with their names masked', async () => {
    const mission = await t.services.missionAdmin.create(
      DEMO_MERCHANT,
      missionInput({ kind: 'bet_count', target: '1', period: 'daily' }),
      'bn',
      STAFF,
    );
    const { member, headers } = await playerWithBalance(t.db.kysely, 10_000n);
    await spin(t.services, member.id, 1000n);
    await counted(t.services, member.id);
    const board = (await get('/wps/relay/MCSFE_getMissionLeaderboard?period=week', headers)).json().value;
    expect(board.mine).toMatchObject({ account: maskAccount(member.account), me: true });
    expect(board.list.length).toBeGreaterThan(0);
    expect(board.list.every((row: { account: string }) => row.account.includes('***'))).toBe(true);
    expect(JSON.stringify(board)).not.toContain(member.account);
    const visitor = (await get('/wps/relay/MCSFE_getMissionLeaderboard?period=day')).json().value;
    expect(visitor.mine).toBeNull();
    await t.services.missionAdmin.stop(DEMO_MERCHANT, BigInt(mission.id), STAFF);
    expect(maskAccount('playerone')).toBe('pl***ne');
    expect(maskAccount('abc')).toBe('a***');
  });

  it('lets the back office create, change, stop and resume missions, audited, and refuses one that does not hold together', async () => {
    const created = await t.services.missionAdmin.create(DEMO_MERCHANT, missionInput(), 'bn', STAFF);
    const changed = await t.services.missionAdmin.update(
      DEMO_MERCHANT,
      BigInt(created.id),
      missionInput({ target: '9000' }),
      'bn',
      STAFF,
    );
    expect(changed.target).toBe('9000');
    const stopped = await t.services.missionAdmin.stop(DEMO_MERCHANT, BigInt(created.id), STAFF);
    expect(stopped.stoppedAt).not.toBeNull();
    await t.services.missionAdmin.stop(DEMO_MERCHANT, BigInt(created.id), STAFF);
    const stoppedChanged = await t.services.missionAdmin.update(
      DEMO_MERCHANT,
      BigInt(created.id),
      missionInput({ target: '7000' }),
      'bn',
      STAFF,
    );
    expect(stoppedChanged).toMatchObject({ target: '7000', stoppedAt: stopped.stoppedAt });
    const resumed = await t.services.missionAdmin.resume(DEMO_MERCHANT, BigInt(created.id), STAFF);
    expect(resumed.stoppedAt).toBeNull();
    await t.services.missionAdmin.resume(DEMO_MERCHANT, BigInt(created.id), STAFF);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', created.id)
      .where('action', 'like', 'mission.%')
      .orderBy('seq')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'mission.create',
      'mission.update',
      'mission.stop',
      'mission.update',
      'mission.resume',
    ]);
    await expect(
      t.services.missionAdmin.create(DEMO_MERCHANT, missionInput({ rewardType: 'bonus', promotionId: null }), 'bn', STAFF),
    ).rejects.toMatchObject({ code: 'loyalty.mission.rejected' });
    await expect(
      t.services.missionAdmin.create(DEMO_MERCHANT, missionInput({ kind: 'deposit', gameCategory: 'RNG' }), 'bn', STAFF),
    ).rejects.toMatchObject({ code: 'loyalty.mission.rejected' });
    expect(LANGUAGE.fallback).toBe('bn');
  });
});
