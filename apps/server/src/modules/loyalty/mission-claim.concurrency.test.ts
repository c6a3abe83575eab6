import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { ONCE_PERIOD } from './mission-rules.js';
import { MissionsService } from './missions.js';
import { LANGUAGE, STAFF } from './test/kit.js';
import { missionInput } from './test/missions-kit.js';

describe('mission reward claims under concurrency', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let second: Db;
  beforeAll(async () => {
    t = await createTestApp();
    second = await t.db.reopen();
  }, 180_000);
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('pays 20 claims of one reward sent at once from two server instances exactly once', async () => {
    const one = new MissionsService(t.db.kysely, new Ledger(t.db.kysely));
    const two = new MissionsService(second.kysely, new Ledger(second.kysely));
    const mission = await t.services.missionAdmin.create(
      DEMO_MERCHANT,
      missionInput({ kind: 'bet_count', target: '1', period: 'once', rewardAmount: '35' }),
      'bn',
      STAFF,
    );
    const members = await Promise.all(Array.from({ length: 2 }, () => newMember(t.db.kysely)));
    await t.db.kysely
      .insertInto('mission_progress')
      .values(
        members.map((member) => ({
          mission_id: BigInt(mission.id),
          member_id: member.id,
          period_start: ONCE_PERIOD,
          merchant_code: DEMO_MERCHANT,
          target: 1n,
          progress: 1n,
          completed_at: new Date(),
          claimed_at: null,
        })),
      )
      .execute();

    const results = await Promise.allSettled(
      members.flatMap((member) =>
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? one : two).claim(DEMO_MERCHANT, member.id, BigInt(mission.id), ONCE_PERIOD, LANGUAGE),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(members.length);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'loyalty.mission.claimed' });
    const ledger = new Ledger(t.db.kysely);
    for (const member of members) {
      expect((await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_points', memberId: member.id })).balance).toBe(35n);
      const transfers = await t.db.kysely
        .selectFrom('ledger_transfers')
        .select('amount')
        .where('idempotency_key', '=', `mission-reward:${mission.id}:${member.id}:${ONCE_PERIOD}`)
        .execute();
      expect(transfers).toEqual([{ amount: 35n }]);
    }
    expect(await ledgerViolations(t.db.kysely)).toEqual([]);
    await t.services.missionAdmin.stop(DEMO_MERCHANT, BigInt(mission.id), STAFF);
  });
});
