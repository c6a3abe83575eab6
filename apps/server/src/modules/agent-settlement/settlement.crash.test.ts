import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbTarget } from '../../db/connect.js';
import { buildServices } from '../../services.js';
import { crashTestConfig, crashTestDatabase, runCrashWorker } from '../../test/crash-worker.js';
import { newAgent, type TestMember } from '../../test/factories.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { contract, contractsOn, mainBalance, player, round } from './test/kit.js';

/**
 * A server SIGKILLed while it settles agent contracts, after the payments were written and before the commit; then
 * settlement runs again (on PostgreSQL, in two instances at once). Every period is paid exactly once and nothing is
 * lost. On PGlite the worker runs on an on-disk data directory.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const AGENTS = 3;
const worker = fileURLToPath(new URL('./test/settle-worker.ts', import.meta.url));

const runWorker = (target: DbTarget, mode: 'stall' | 'run') =>
  runCrashWorker(worker, [JSON.stringify(target), mode], mode === 'stall');

describe('agent settlement after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const database = () => crashTestDatabase('settlement-crash-', cleanups);

  it('pays every closed period once across a SIGKILL mid-settlement and a rerun', { timeout: 300_000 }, async () => {
    const { target, open } = await database();
    let db = await open();
    const services = buildServices({ config: crashTestConfig({ testClock: true }), db, log: null });
    await contractsOn(services);
    const top = await newAgent(db.kysely);
    const agents: TestMember[] = [];
    const tiers = [{ minBetPerDay: '1', minActiveMembers: 1, rate: 300 }];
    for (let i = 0; i < AGENTS; i += 1) {
      const agent = await newAgent(db.kysely, { parent: top });
      agents.push(agent);
      await contract(services, top, agent, 'dailySalary', 'daily', tiers);
      await round(db.kysely, await player(db.kysely, agent), 10_000n);
    }
    await services.agentSettlement.advanceClock((24 * 60 + 5) * 60_000);
    await db.close();

    const killed = await runWorker(target, 'stall');
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(killed.lines).toContain('stalled');

    db = await open();
    const { rows: before } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_settlements`.execute(db.kysely);
    expect(before[0]?.n).toBe(0);
    await db.close();

    const reruns = await Promise.all((ON_POSTGRES ? ['run', 'run'] : ['run']).map((mode) => runWorker(target, mode as 'run')));
    for (const rerun of reruns)
      expect({ code: rerun.code, done: rerun.lines.includes('done') }, rerun.stderr).toEqual({ code: 0, done: true });

    db = await open();
    try {
      const { rows } = await sql<{ key: string; n: number }>`
        SELECT idempotency_key AS key, count(*)::int AS n FROM ledger_transfers
        WHERE idempotency_key LIKE 'agent-settlement:%' GROUP BY idempotency_key`.execute(db.kysely);
      expect(rows.filter((row) => row.n !== 1)).toEqual([]);
      const statements = await db.kysely.selectFrom('agent_settlements').selectAll().where('amount', '>', 0n).execute();
      expect(statements.length).toBe(rows.length);
      expect(statements.every((row) => row.status === 'paid' && row.transfer_id !== null)).toBe(true);
      for (const agent of agents) expect(await mainBalance(db.kysely, agent)).toBe(300n);
      expect(await ledgerViolations(db.kysely)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
