import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db, DbTarget } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { buildServices } from '../../services.js';
import { crashTestConfig, crashTestDatabase, runCrashWorker } from '../../test/crash-worker.js';
import { newMember } from '../../test/factories.js';
import { Ledger } from '../ledger/service.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { ONCE_PERIOD } from './mission-rules.js';
import { STAFF } from './test/kit.js';
import { missionInput } from './test/missions-kit.js';

/**
 * A server SIGKILLed while it pays a mission reward, after the points were moved and the progress row marked claimed
 * and before the commit; then the claim is made again (on PostgreSQL, by two instances at once). The reward is paid
 * exactly once, the mark is there, and nothing is lost. On PGlite the workers run on an on-disk data directory.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const REWARD = 25n;
const worker = fileURLToPath(new URL('./test/claim-worker.ts', import.meta.url));

const runWorker = (target: DbTarget, mode: 'stall' | 'run', claim: readonly string[]) =>
  runCrashWorker(worker, [JSON.stringify(target), mode, ...claim], mode === 'stall');

describe('mission reward claim after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const database = () => crashTestDatabase('mission-claim-crash-', cleanups);

  const pointsOf = async (db: Db, memberId: bigint) =>
    (await new Ledger(db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_points', memberId })).balance;

  it('pays a completed mission’s reward once across a SIGKILL mid-claim and a rerun', { timeout: 300_000 }, async () => {
    const { target, open } = await database();
    let db = await open();
    const services = buildServices({ config: crashTestConfig(), db, log: null });
    const mission = await services.missionAdmin.create(
      DEMO_MERCHANT,
      missionInput({ kind: 'bet_count', target: '1', period: 'once', rewardAmount: REWARD.toString() }),
      'bn',
      STAFF,
    );
    const member = await newMember(db.kysely);
    await db.kysely
      .insertInto('mission_progress')
      .values({
        mission_id: BigInt(mission.id),
        member_id: member.id,
        period_start: ONCE_PERIOD,
        merchant_code: DEMO_MERCHANT,
        target: 1n,
        progress: 1n,
        completed_at: new Date(),
        claimed_at: null,
      })
      .execute();
    await db.close();
    const claim = [member.id.toString(), mission.id, ONCE_PERIOD] as const;

    const killed = await runWorker(target, 'stall', claim);
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(killed.lines).toContain('stalled');

    db = await open();
    expect(await pointsOf(db, member.id)).toBe(0n);
    const unmarked = await db.kysely
      .selectFrom('mission_progress')
      .select('claimed_at')
      .where('member_id', '=', member.id)
      .execute();
    expect(unmarked).toEqual([{ claimed_at: null }]);
    await db.close();

    const reruns = await Promise.all((ON_POSTGRES ? ['run', 'run'] : ['run']).map(() => runWorker(target, 'run', claim)));
    for (const rerun of reruns)
      expect({ code: rerun.code, done: rerun.lines.includes('done') }, rerun.stderr).toEqual({ code: 0, done: true });
    const outcomes = reruns.map((rerun) => rerun.lines.find((line) => line !== 'done')).sort();
    expect(outcomes).toEqual(ON_POSTGRES ? ['claimed', 'refused loyalty.mission.claimed'] : ['claimed']);

    db = await open();
    try {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_transfers
        WHERE idempotency_key = ${`mission-reward:${mission.id}:${member.id}:${ONCE_PERIOD}`}`.execute(db.kysely);
      expect(rows[0]?.n).toBe(1);
      expect(await pointsOf(db, member.id)).toBe(REWARD);
      const marked = await db.kysely
        .selectFrom('mission_progress')
        .select('claimed_at')
        .where('member_id', '=', member.id)
        .execute();
      expect(marked[0]?.claimed_at).not.toBeNull();
      expect(await ledgerViolations(db.kysely)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
