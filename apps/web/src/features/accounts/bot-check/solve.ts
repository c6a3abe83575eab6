import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import { solveChallengeWorkers } from 'altcha-lib';

/** Enough workers to use a phone's cores without starving the page. */
const MAX_WORKERS = 4;

/**
 * Solves a challenge in Web Workers (each tries every n-th counter) and returns the `botCheck` value of the
 * login or registration body: base64 of `{ challenge, solution }`, as the ALTCHA widget sends it.
 */
export async function solveInWorkers(challenge: BotCheckChallenge, controller: AbortController): Promise<string> {
  const solution = await solveChallengeWorkers({
    challenge,
    controller,
    concurrency: Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 2)),
    createWorker: () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }),
  });
  if (!solution) throw new Error('bot check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}

export type Solver = typeof solveInWorkers;
