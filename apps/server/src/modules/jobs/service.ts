import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type JobPayload = Record<string, string | number | boolean | null>;

export interface ScheduleInput {
  kind: string;
  runAt: Date;
  payload: JobPayload;
  /** Unique across all jobs, ever: a second schedule with the same key changes nothing (e.g. `withdrawal.auto-receipt:42`). */
  dedupeKey?: string;
}

/**
 * Schedules a job as part of the caller's transaction, so the job exists exactly when the caller's change
 * commits. Returns false when a job with the same dedupe key already exists.
 */
export async function schedule(trx: Kysely<Database>, input: ScheduleInput): Promise<boolean> {
  const inserted = await trx
    .insertInto('jobs')
    .values({
      kind: input.kind,
      run_at: input.runAt,
      payload: JSON.stringify(input.payload),
      dedupe_key: input.dedupeKey ?? null,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Deletes the finished jobs of a recurring kind done before `before`: a job that runs every minute would pile up. */
export async function forgetDone(trx: Kysely<Database>, kind: string, before: Date): Promise<void> {
  await trx.deleteFrom('jobs').where('kind', '=', kind).where('done_at', '<', before).execute();
}

export interface JobContext {
  /** The transaction the job's completion commits in: a handler's writes and "done" are one atomic change. */
  trx: Transaction<Database>;
  payload: JobPayload;
  job: { id: bigint; kind: string; attempts: number };
  /**
   * Runs `start` once the job's transaction has committed (never when it rolls back): where a handler starts work
   * outside the database, such as a network call, that must not hold the transaction open. Not awaited.
   */
  afterCommit(start: () => void): void;
}

/**
 * Must be idempotent: a handler whose transaction rolled back (crash, error) runs again later, and its effects
 * outside the database (none today) could happen twice.
 */
export type JobHandler = (context: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  /** How often an idle instance looks for due jobs. */
  pollMs?: number;
  /** How long a claim protects a job from other instances before it counts as abandoned (crashed worker). */
  leaseMs?: number;
  batchSize?: number;
  /** Delay before retry n (1-based): baseBackoffMs · 2^(n-1), at most maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  onError?: (error: unknown, job: { id: bigint; kind: string; attempts: number }) => void;
}

interface ClaimedJob {
  id: bigint;
  kind: string;
  payload: JobPayload;
  attempts: number;
}

const DEFAULTS = { pollMs: 1000, leaseMs: 60_000, batchSize: 10, baseBackoffMs: 5000, maxBackoffMs: 3_600_000 };

/**
 * Runs due jobs of the kinds registered on this instance. Safe with any number of instances on one database:
 *
 * - claim: one statement marks up to `batchSize` due, unleased jobs with this instance's id and a lease
 *   (`FOR UPDATE SKIP LOCKED`: two instances never claim the same row);
 * - run: a transaction locks the job row, checks the lease is still this instance's, runs the handler in that
 *   transaction and marks the job done in it. While the row is locked no other instance can claim it, even
 *   after the lease has run out, so a job's effects commit at most once;
 * - a crashed instance's transaction rolls back and its lease expires: another instance takes the job over;
 * - a failing handler releases the job with an exponential backoff and the error text.
 */
export class JobRunner {
  readonly instanceId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: typeof DEFAULTS & Pick<JobRunnerOptions, 'onError'>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    options: JobRunnerOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** One handler per kind; registering a kind twice is a programming error. */
  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} already has a handler`);
    this.handlers.set(kind, handler);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop();
  }

  /** Stops polling and waits for the jobs in hand to finish (their transactions commit or roll back). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Claims and runs what is due now; returns how many jobs completed. The loop calls it; tests call it directly. */
  async runDue(): Promise<number> {
    const claimed = await this.claim();
    let done = 0;
    for (const job of claimed) {
      if (await this.runOne(job)) done += 1;
    }
    return done;
  }

  /** Marks due jobs as this instance's for one lease. Exposed so a test can play a worker that dies after claiming. */
  async claim(leaseMs = this.options.leaseMs): Promise<ClaimedJob[]> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
    const lease = `${Math.round(leaseMs)} milliseconds`;
    const result = await sql<ClaimedJob>`
      UPDATE jobs SET locked_by = ${this.instanceId}, locked_until = now() + ${lease}::interval, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND run_at <= now() AND kind IN (${sql.join(kinds)})
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id
        LIMIT ${this.options.batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts`.execute(this.db);
    return result.rows;
  }

  private async runOne(job: ClaimedJob): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return false;
    const committed: (() => void)[] = [];
    try {
      const done = await this.db.transaction().execute(async (trx) => {
        const mine = await sql`
          SELECT id FROM jobs WHERE id = ${job.id} AND locked_by = ${this.instanceId} AND done_at IS NULL
          FOR UPDATE`.execute(trx);
        // Our lease ran out and another instance took the job over: it is theirs now.
        if (mine.rows.length === 0) return false;
        await handler({
          trx,
          payload: job.payload,
          job: { id: job.id, kind: job.kind, attempts: job.attempts },
          afterCommit: (start) => committed.push(start),
        });
        await sql`
          UPDATE jobs SET done_at = now(), locked_by = NULL, locked_until = NULL, last_error = NULL
          WHERE id = ${job.id}`.execute(trx);
        return true;
      });
      for (const start of committed) start();
      return done;
    } catch (error) {
      this.options.onError?.(error, job);
      const delay = `${this.backoffMs(job.attempts)} milliseconds`;
      await sql`
        UPDATE jobs SET locked_by = NULL, locked_until = NULL, run_at = now() + ${delay}::interval,
          last_error = ${String((error as Error)?.message ?? error).slice(0, 2000)}
        WHERE id = ${job.id} AND locked_by = ${this.instanceId} AND done_at IS NULL`
        .execute(this.db)
        .catch(() => undefined); // the database is gone: the lease expires and the job is retried anyway
      return false;
    }
  }

  private backoffMs(attempts: number): number {
    return Math.min(this.options.baseBackoffMs * 2 ** Math.max(0, attempts - 1), this.options.maxBackoffMs);
  }

  private loop(): void {
    if (this.stopped) return;
    this.running = this.runDue()
      .catch((error: unknown) => this.options.onError?.(error, { id: 0n, kind: '(claim)', attempts: 0 }))
      .finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(() => this.loop(), this.options.pollMs).unref();
      });
  }
}
