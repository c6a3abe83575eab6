import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { type JobPayload, JobRunner, schedule } from './service.js';

// One database for the file (a fresh PGlite costs seconds); each test uses its own job kinds.
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

const past = () => new Date(Date.now() - 1000);
const openJobs = async (kind: string) =>
  db.kysely
    .selectFrom('jobs')
    .select(['id', 'kind', 'attempts', 'done_at', 'last_error', 'run_at'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

describe('durable jobs', () => {
  it('runs a due job once, with its payload, and marks it done', async () => {
    const seen: JobPayload[] = [];
    const runner = new JobRunner(db.kysely);
    runner.register('greet', async ({ payload }) => {
      seen.push(payload);
    });
    await schedule(db.kysely, { kind: 'greet', runAt: past(), payload: { name: 'a', n: 1 } });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ name: 'a', n: 1 }]);
    const [job] = await openJobs('greet');
    expect(job?.done_at).toBeInstanceOf(Date);
    expect(job?.attempts).toBe(1);
  });

  it('leaves a job alone until it is due', async () => {
    const runner = new JobRunner(db.kysely);
    let runs = 0;
    runner.register('later', async () => {
      runs += 1;
    });
    await schedule(db.kysely, { kind: 'later', runAt: new Date(Date.now() + 60_000), payload: {} });
    expect(await runner.runDue()).toBe(0);
    expect(runs).toBe(0);
  });

  it('schedules a dedupe key only once', async () => {
    expect(await schedule(db.kysely, { kind: 'dedupe', runAt: past(), payload: {}, dedupeKey: 'x:1' })).toBe(true);
    expect(await schedule(db.kysely, { kind: 'dedupe', runAt: past(), payload: {}, dedupeKey: 'x:1' })).toBe(false);
    expect(await openJobs('dedupe')).toHaveLength(1);
  });

  it('does not schedule when the scheduling transaction rolls back', async () => {
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await schedule(trx, { kind: 'rolled-back', runAt: past(), payload: {} });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await openJobs('rolled-back')).toHaveLength(0);
  });

  it('retries a failing handler with a backoff and keeps the error, rolling back its writes', async () => {
    const runner = new JobRunner(db.kysely, { baseBackoffMs: 60_000 });
    runner.register('flaky', async ({ trx }) => {
      await schedule(trx, { kind: 'flaky-side-effect', runAt: past(), payload: {} });
      throw new Error('gateway down');
    });
    await schedule(db.kysely, { kind: 'flaky', runAt: past(), payload: {} });
    expect(await runner.runDue()).toBe(0);
    const [job] = await openJobs('flaky');
    expect(job?.done_at).toBeNull();
    expect(job?.attempts).toBe(1);
    expect(job?.last_error).toBe('gateway down');
    expect(job?.run_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await openJobs('flaky-side-effect')).toHaveLength(0);
    // Not due again before the backoff.
    expect(await runner.runDue()).toBe(0);
    expect((await openJobs('flaky'))[0]?.attempts).toBe(1);
  });

  it('takes over a job whose worker died after claiming it, once the lease has expired', async () => {
    const dead = new JobRunner(db.kysely);
    const alive = new JobRunner(db.kysely);
    let runs = 0;
    dead.register('payout', async () => {
      throw new Error('never runs: this worker died');
    });
    alive.register('payout', async () => {
      runs += 1;
    });
    await schedule(db.kysely, { kind: 'payout', runAt: past(), payload: {} });
    expect(await dead.claim(300)).toHaveLength(1);
    expect(await alive.runDue()).toBe(0); // still leased
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await alive.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect((await openJobs('payout'))[0]?.attempts).toBe(2);
  });

  it('a job scheduled before a restart runs after it', async () => {
    const before = new JobRunner(db.kysely, { pollMs: 20 });
    before.register('draw', async () => undefined);
    before.start();
    await schedule(db.kysely, { kind: 'draw', runAt: new Date(Date.now() + 300), payload: { round: 7 } });
    await before.stop();

    const second = await db.reopen();
    try {
      const seen: JobPayload[] = [];
      const after = new JobRunner(second.kysely, { pollMs: 20 });
      after.register('draw', async ({ payload }) => {
        seen.push(payload);
      });
      after.start();
      await expect.poll(() => seen, { timeout: 3000 }).toEqual([{ round: 7 }]);
      await after.stop();
    } finally {
      await second.close();
    }
  });

  it('only claims kinds it has a handler for', async () => {
    const runner = new JobRunner(db.kysely);
    runner.register('mine', async () => undefined);
    await schedule(db.kysely, { kind: 'theirs', runAt: past(), payload: {} });
    expect(await runner.claim()).toHaveLength(0);
  });
});
