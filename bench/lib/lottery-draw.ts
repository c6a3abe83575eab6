// A lottery draw run to the end by the real job runner(s), each instance with its own pool: shared by the
// settlement bench and the growth curves.
import { sql } from 'kysely';
import { connectDb, type Db } from '../../apps/server/src/db/connect.js';
import { JobRunner } from '../../apps/server/src/modules/jobs/service.js';
import { Ledger } from '../../apps/server/src/modules/ledger/service.js';
import { registerLotteryJobs } from '../../apps/server/src/modules/lottery/jobs.js';
import { LotteryService } from '../../apps/server/src/modules/lottery/service.js';

export interface SettledDraw {
  seconds: number;
  tickets: number;
  winners: number;
  payoutTotal: bigint;
}

/** An open draw that stays open whatever its real cut-off, so purchases or fixtures can fill it. */
export async function holdDrawOpen(db: Db, drawId: bigint): Promise<void> {
  await sql`UPDATE lottery_draws SET close_at = now() + interval '1 day', draw_at = now() + interval '1 day' WHERE id = ${drawId}`.execute(
    db.kysely,
  );
}

/**
 * Closes the draw, makes its draw job due and starts `instances` job runners on `url`; resolves when the draw is
 * settled (time from the job due to the draw settled), after checking every ticket settled and the payouts add up.
 */
export async function settleDraw(db: Db, url: string, drawId: bigint, instances: number): Promise<SettledDraw> {
  const workerDbs: Db[] = [];
  try {
    const runners = await Promise.all(
      Array.from({ length: instances }, async () => {
        const workerDb = await connectDb({ kind: 'postgres', url, poolSize: 4 });
        workerDbs.push(workerDb);
        const runner = new JobRunner(workerDb.kysely, { pollMs: 20 });
        registerLotteryJobs(runner, new LotteryService(workerDb.kysely, new Ledger(workerDb.kysely)));
        return runner;
      }),
    );
    await sql`UPDATE lottery_draws SET close_at = now() - interval '1 second', draw_at = now() WHERE id = ${drawId}`.execute(
      db.kysely,
    );
    await sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`lottery.draw:${drawId}`}`.execute(db.kysely);
    const started = performance.now();
    for (const runner of runners) runner.start();
    for (;;) {
      const row = await db.kysely.selectFrom('lottery_draws').select('status').where('id', '=', drawId).executeTakeFirstOrThrow();
      if (row.status === 'settled') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(runners.map((runner) => runner.stop()));
    const draw = await db.kysely
      .selectFrom('lottery_draws')
      .select(['ticket_count', 'winner_count', 'payout_total'])
      .where('id', '=', drawId)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ open: number; paid: string }>`
      SELECT count(*) FILTER (WHERE status = 'open')::int AS open, coalesce(sum(payout), 0)::text AS paid
      FROM lottery_tickets WHERE draw_id = ${drawId}`.execute(db.kysely);
    if (rows[0]?.open !== 0 || BigInt(rows[0]?.paid ?? -1) !== draw.payout_total)
      throw new Error('settlement incomplete or inconsistent');
    return { seconds, tickets: draw.ticket_count, winners: draw.winner_count, payoutTotal: draw.payout_total };
  } finally {
    await Promise.all(workerDbs.map((workerDb) => workerDb.close()));
  }
}
