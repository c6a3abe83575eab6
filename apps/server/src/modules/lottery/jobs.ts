import type { JobPayload, JobRunner } from '../jobs/service.js';
import { DRAW_JOB, type LotteryService, SETTLE_JOB } from './service.js';

const idOf = (payload: JobPayload, key: string) => {
  const value = payload[key];
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,18}$/.test(value)) throw new Error(`lottery job payload has no ${key}`);
  return BigInt(value);
};

/**
 * The lottery's durable jobs: a draw job per draw (at its draw time) and a settlement job per batch of its
 * tickets. Each runs in the job's own transaction, so its effects and "done" commit together, once.
 */
export function registerLotteryJobs(jobs: JobRunner, lottery: LotteryService): void {
  jobs.register(DRAW_JOB, ({ trx, payload }) => lottery.runDraw(trx, idOf(payload, 'drawId')));
  jobs.register(SETTLE_JOB, ({ trx, payload }) =>
    lottery.settleBatch(trx, idOf(payload, 'drawId'), idOf(payload, 'fromId'), idOf(payload, 'toId')),
  );
}
