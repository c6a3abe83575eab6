import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbTarget } from '../../db/connect.js';
import { buildServices } from '../../services.js';
import { crashTestConfig, crashTestDatabase, runCrashWorker } from '../../test/crash-worker.js';
import { newMember, type TestMember } from '../../test/factories.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { balances, createPromotion, ledgerOf } from './test/kit.js';
import { rebateInput, round, TOMORROW } from './test/rebate-kit.js';

/**
 * A server SIGKILLed while it pays a period's loss rebates, after its first batch committed and with the second
 * batch's credit written but not committed; then the run again (on PostgreSQL, two instances at once). Every member's
 * rebate is paid exactly once and nothing is lost. On PGlite the worker runs on an on-disk data directory.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const MEMBERS = 8;
const worker = fileURLToPath(new URL('./test/rebate-worker.ts', import.meta.url));

const runWorker = (target: DbTarget, clock: Date, mode: 'stall' | 'run') =>
  runCrashWorker(worker, [JSON.stringify(target), String(clock.getTime()), mode], mode === 'stall');

describe('loss rebates after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const database = () => crashTestDatabase('rebates-crash-', cleanups);

  it('pays every member of a closed day once across a SIGKILL mid-run and a rerun', { timeout: 300_000 }, async () => {
    const { target, open } = await database();
    let db = await open();
    const services = buildServices({ config: crashTestConfig({ testClock: true }), db, log: null });
    const promotion = await createPromotion(services, rebateInput());
    const members: TestMember[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const member = await newMember(db.kysely);
      members.push(member);
      await round(db.kysely, member.id, 10_000n, 0n);
    }
    await db.close();
    const clock = TOMORROW();

    const killed = await runWorker(target, clock, 'stall');
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(killed.lines).toContain('stalled');

    db = await open();
    const before = await db.kysely.selectFrom('promotion_rebates').select('state').execute();
    expect(before.map((row) => row.state)).toEqual(['paid', 'paid', 'paid']);
    await db.close();

    const reruns = await Promise.all((ON_POSTGRES ? ['run', 'run'] : ['run']).map(() => runWorker(target, clock, 'run')));
    for (const rerun of reruns)
      expect({ code: rerun.code, done: rerun.lines.includes('done') }, rerun.stderr).toEqual({ code: 0, done: true });

    db = await open();
    try {
      const credits = await db.kysely
        .selectFrom('ledger_transfers')
        .select(['idempotency_key', 'amount'])
        .where('idempotency_key', 'like', `promotion-rebate:${promotion.id}:%`)
        .execute();
      expect(credits).toHaveLength(MEMBERS);
      expect(new Set(credits.map((credit) => credit.idempotency_key)).size).toBe(MEMBERS);
      const ledger = ledgerOf(buildServices({ config: crashTestConfig({ testClock: true }), db, log: null }));
      for (const member of members) expect(await balances(ledger, member.id)).toEqual({ cash: 1_000n, bonus: 0n });
      const rows = await db.kysely.selectFrom('promotion_rebates').selectAll().execute();
      expect(rows.every((row) => row.state === 'paid' && row.transfer_id !== null)).toBe(true);
      expect(await ledgerViolations(db.kysely)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
