import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { JobRunner, schedule } from './service.js';

/* Two server instances on one database: on PostgreSQL separate connection pools, as two processes have. */
describe('durable jobs across two instances', () => {
  let db: TestDb;
  let other: Db;
  beforeAll(async () => {
    db = await createTestDb();
    other = await db.reopen();
    await sql`CREATE TABLE job_effects (job_id bigint NOT NULL, instance text NOT NULL)`.execute(db.kysely);
  });
  afterAll(async () => {
    await other.close();
    await db.close();
  });

  const runnerOn = (target: Db, options: ConstructorParameters<typeof JobRunner>[1] = {}) => {
    const runner = new JobRunner(target.kysely, { pollMs: 5, batchSize: 3, ...options });
    runner.register('effect', async ({ trx, job }) => {
      await sql`SELECT pg_sleep(0.01)`.execute(trx);
      await sql`INSERT INTO job_effects VALUES (${job.id}, ${runner.instanceId})`.execute(trx);
    });
    return runner;
  };

  it('never runs the same job twice when two instances poll together', async () => {
    const count = 60;
    for (let i = 0; i < count; i += 1) await schedule(db.kysely, { kind: 'effect', runAt: new Date(), payload: { i } });
    const a = runnerOn(db);
    const b = runnerOn(other);
    a.start();
    b.start();
    await expect
      .poll(
        async () =>
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL`.execute(db.kysely)).rows[0]?.n,
        {
          timeout: 15_000,
        },
      )
      .toBe(0);
    await Promise.all([a.stop(), b.stop()]);
    const effects = await sql<{ job_id: bigint; runs: number; instances: number }>`
      SELECT job_id, count(*)::int AS runs FROM job_effects GROUP BY job_id`.execute(db.kysely);
    expect(effects.rows).toHaveLength(count);
    expect(effects.rows.every((row) => row.runs === 1)).toBe(true);
    const byInstance = await sql<{ n: number }>`SELECT count(DISTINCT instance)::int AS n FROM job_effects`.execute(db.kysely);
    expect(byInstance.rows[0]?.n).toBe(2); // both instances did work
  });

  it('a slow job outliving its lease is not taken over while it still runs', async () => {
    await sql`DELETE FROM job_effects`.execute(db.kysely);
    const slow = new JobRunner(db.kysely, { leaseMs: 100 });
    slow.register('effect', async ({ trx, job }) => {
      await sql`SELECT pg_sleep(0.6)`.execute(trx);
      await sql`INSERT INTO job_effects VALUES (${job.id}, 'slow')`.execute(trx);
    });
    const eager = runnerOn(other);
    await schedule(db.kysely, { kind: 'effect', runAt: new Date(Date.now() - 1000), payload: {} });
    const slowRun = slow.runDue();
    await new Promise((resolve) => setTimeout(resolve, 300)); // lease expired, handler still running
    expect(await eager.runDue()).toBe(0);
    expect(await slowRun).toBe(1);
    expect(await eager.runDue()).toBe(0);
    const effects = await sql<{ instance: string }>`SELECT instance FROM job_effects`.execute(db.kysely);
    expect(effects.rows).toEqual([{ instance: 'slow' }]);
  });
});
