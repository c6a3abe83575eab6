import { randomUUID } from 'node:crypto';
import type { LotteryBet } from '@tessera/contract/api/lottery';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { TestMember } from '../../../test/factories.js';
import { JobRunner } from '../../jobs/service.js';
import { Ledger } from '../../ledger/service.js';
import { registerLotteryJobs } from '../jobs.js';
import { LotteryService } from '../service.js';

export { fundedMember } from '../../house-vendor/test/kit.js';

export const FAST3 = 'TS_ELOTT_1M';
export const SEA = 'TS_SEA_LOTTO';
export const VN = 'TS_VN_LOTTO';
export const VENDOR_OF: Record<string, string> = { [FAST3]: 'TESSERA_ELOTT', [SEA]: 'TESSERA_LOTT', [VN]: 'TESSERA_LOTT' };

/** Launches a lottery in lottery-lobby mode with the site token and exchanges the ticket as the lottery client does. */
export async function openLottery(
  app: FastifyInstance,
  member: TestMember & { token: string },
  gameCode: string,
  view = 'betting',
) {
  const launch = await app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization: member.token },
    payload: {
      vassalage: VENDOR_OF[gameCode],
      launchMode: 'LOTT',
      lottoArea: 'VN',
      lottoPrizeMode: 'Lott',
      lottoGameCode: gameCode,
      lottoView: view,
      device: 'web',
      backUrl: '/lottery',
      language: 'en',
    },
  });
  const url = new URL(launch.json().value.content.game_url, 'http://x');
  const ticket = url.searchParams.get('session') ?? '';
  const session = await app.inject({ method: 'POST', url: '/wps/lottery/session', payload: { ticket } });
  return { launch, url, ticket, session: session.json().value, gameSession: session.json().value?.sessionToken as string };
}

/**
 * The draw a client would bet on now, kept open for at least half a minute: a minute draw's cut-off may otherwise
 * fall between this call and the test's bets. Its draw time moves no further than its cut-off, which stays before
 * the next draw's (a minute later at the least).
 */
export async function openDraw(t: { app: FastifyInstance; db: { kysely: Kysely<Database> } }, gameCode: string) {
  const res = await t.app.inject({ method: 'GET', url: `/wps/lottery/draws/current?gameCode=${gameCode}` });
  const open = res.json().value.open as { drawId: string; numero: string; commitment: string; clientSeed: string };
  await sql`
    UPDATE lottery_draws
    SET close_at = greatest(close_at, now() + interval '30 seconds'), draw_at = greatest(draw_at, now() + interval '30 seconds')
    WHERE id = ${BigInt(open.drawId)} AND status = 'scheduled'`.execute(t.db.kysely);
  return open;
}

export const slip = (
  gameCode: string,
  drawId: string,
  bets: { bet: LotteryBet; stake: string }[],
  clientSlipId = randomUUID(),
) => ({
  gameCode,
  drawId,
  clientSlipId,
  bets,
});

/** Moves a draw's cut-off into the past, as the clock would: bets on it are now refused. */
export async function closeDraw(db: Kysely<Database>, drawId: string): Promise<void> {
  await sql`UPDATE lottery_draws SET close_at = now() - interval '2 seconds' WHERE id = ${BigInt(drawId)}`.execute(db);
}

/** A worker instance of its own (as a second server has): the lottery's job kinds on a runner of the test's. */
export function lotteryWorker(db: Kysely<Database>, settleBatchSize?: number) {
  const runner = new JobRunner(db, { pollMs: 10, batchSize: 20 });
  registerLotteryJobs(runner, new LotteryService(db, new Ledger(db), settleBatchSize ? { settleBatchSize } : {}));
  return runner;
}

/**
 * Closes a draw and makes its job due now, then runs the lottery's jobs until it is settled: what the real
 * schedule does at its draw time. Several workers (instances) race for the jobs.
 */
export async function drawNow(db: Kysely<Database>, drawId: string, workers = [lotteryWorker(db)]): Promise<void> {
  const id = BigInt(drawId);
  // The draw keeps its time (the next draws are scheduled from it, as the real job does); only its job is due now.
  await closeDraw(db, drawId);
  await sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`lottery.draw:${drawId}`} AND done_at IS NULL`.execute(db);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const row = await db.selectFrom('lottery_draws').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status === 'settled' || row.status === 'void') return;
    const done = await Promise.all(workers.map((worker) => worker.runDue()));
    if (done.every((n) => n === 0)) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`draw ${drawId} did not settle`);
}
