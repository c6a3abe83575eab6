import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb, type Db, type DbTarget } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDb } from '../../test/test-db.js';
import { Ledger } from './service.js';
import { CRASH_MERCHANT, crashPlan, expectedBalance } from './test/crash-plan.js';
import { ledgerMembers, ledgerMerchant } from './test/fixture.js';
import { countByKey, ledgerViolations } from './test/invariants.js';
import { seededRandom } from './test/random.js';

/**
 * A server process killed with SIGKILL in the middle of applying keyed transfers, then started again over
 * the same list (as a client retrying everything it has no receipt for): nothing is lost, nothing applied
 * twice. On PostgreSQL the worker uses the test database; on PGlite, an on-disk data directory (the
 * embedded default must survive a crash too).
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const LANES = ON_POSTGRES ? 8 : 4;
const STEPS_PER_LANE = ON_POSTGRES ? 60 : 15;
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const worker = fileURLToPath(new URL('./test/crash-worker.ts', import.meta.url));

interface WorkerRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  applied: number;
  done: boolean;
  stderr: string;
}

function runWorker(target: DbTarget, planFile: string, killAfterApplied?: number): Promise<WorkerRun> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', worker, JSON.stringify(target), planFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: WorkerRun = { code: null, signal: null, applied: 0, done: false, stderr: '' };
  child.stderr.on('data', (chunk: Buffer) => {
    run.stderr += chunk.toString();
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'done') run.done = true;
    const applied = /^applied (\d+)$/.exec(line);
    if (applied) run.applied = Math.max(run.applied, Number(applied[1]));
    if (killAfterApplied !== undefined && run.applied >= killAfterApplied && child.exitCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      run.code = code;
      run.signal = signal;
      resolve(run);
    }),
  );
}

describe('ledger after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The database the worker writes to, and how the test opens it (PGlite: only while the worker is not running). */
  async function database(): Promise<{ target: DbTarget; open: () => Promise<Db> }> {
    if (ON_POSTGRES) {
      const db = await createTestDb();
      cleanups.push(() => db.close());
      return { target: { ...db.target, poolSize: 8 } as DbTarget, open: async () => ({ ...db, close: async () => undefined }) };
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const target: DbTarget = { kind: 'pglite', dataDir: path.join(dir, 'data') };
    const db = await connectDb(target);
    await migrateToLatest(db.kysely);
    await db.close();
    return { target, open: () => connectDb(target) };
  }

  it('applies every step exactly once across a SIGKILL mid-load and a restart', { timeout: 120_000 }, async () => {
    const { target, open } = await database();
    let db = await open();
    await ledgerMerchant(db.kysely, CRASH_MERCHANT);
    const members = await ledgerMembers(db.kysely, CRASH_MERCHANT, LANES);
    await db.close();
    const plan = crashPlan(members, STEPS_PER_LANE, seededRandom(LANES * STEPS_PER_LANE));
    const total = plan.flat().length;
    const planFile = path.join(mkdtempSync(path.join(tmpdir(), 'ledger-plan-')), 'plan.json');
    cleanups.push(() => rmSync(path.dirname(planFile), { recursive: true, force: true }));
    writeFileSync(planFile, JSON.stringify(plan));

    const killed = await runWorker(target, planFile, Math.floor(total / 3));
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(killed.done).toBe(false);
    expect(killed.applied).toBeLessThan(total);

    const restarted = await runWorker(target, planFile);
    expect({ code: restarted.code, done: restarted.done }, restarted.stderr).toEqual({ code: 0, done: true });

    db = await open();
    try {
      const counts = await countByKey(
        db.kysely,
        CRASH_MERCHANT,
        plan.flat().map((step) => step.key),
      );
      expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      const ledger = new Ledger(db.kysely);
      for (const lane of plan) {
        const memberId = BigInt(lane[0]?.memberId ?? 0);
        expect(await ledger.balanceOf(CRASH_MERCHANT, { kind: 'member_main', memberId })).toEqual({
          balance: expectedBalance(lane),
          held: 0n,
          available: expectedBalance(lane),
        });
      }
      expect(await ledgerViolations(db.kysely)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
