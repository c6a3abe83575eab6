// Worker thread of bench/house-engine.ts: plays slot rounds or draws RNG integers with the engine's own code
// and posts back sums (never per-round data, so 10^7 rounds cost no memory).
import { parentPort, workerData } from 'node:worker_threads';
import { type OriginalChoice, playOriginal } from '@tessera/house-engine/originals/originals';
import { FairStream, ServerSeedKey, serverSeedFromBytes, uniformInt } from '@tessera/house-engine/rng/fair';
import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import { compileSlot, playUnits } from '@tessera/house-engine/slots/engine';

export type WorkerTask =
  | { task: 'slot'; gameId: string; rounds: number; clientSeed: string }
  | { task: 'chi'; draws: number; n: number; clientSeed: string }
  | { task: 'original'; choice: OriginalChoice; rounds: number; clientSeed: string };

export interface OriginalTally {
  rounds: number;
  /** Σ and Σ² of each round's return as a multiple of its bet. */
  sum: number;
  sumSquares: number;
  /** Outcome counts for the chi-square: dice rolls by whole number (100 buckets), wheel stops by segment; none for limbo. */
  buckets: number[];
}

export interface SlotTally {
  rounds: number;
  /** Σ and Σ² of each round's return as a multiple of its bet. */
  sum: number;
  sumSquares: number;
  featureRounds: number;
  freeSpins: number;
  maxReturn: number;
}

/** Every worker plays under its own fresh server seed, as every player has one. */
const serverSeed = () => serverSeedFromBytes(crypto.getRandomValues(new Uint8Array(32)));

function playSlot(gameId: string, rounds: number, clientSeed: string): SlotTally {
  const game = slotGameById(gameId);
  if (!game) throw new Error(`unknown slot ${gameId}`);
  const slot = compileSlot(game);
  const seed = serverSeed();
  const key = new ServerSeedKey(seed);
  const tally: SlotTally = { rounds, sum: 0, sumSquares: 0, featureRounds: 0, freeSpins: 0, maxReturn: 0 };
  for (let nonce = 0; nonce < rounds; nonce++) {
    const round = playUnits(slot, new FairStream({ serverSeed: seed, clientSeed, nonce }, key));
    const returned = round.units / slot.lines;
    tally.sum += returned;
    tally.sumSquares += returned * returned;
    if (round.freeSpins.length > 0) tally.featureRounds++;
    tally.freeSpins += round.freeSpins.length;
    if (returned > tally.maxReturn) tally.maxReturn = returned;
  }
  return tally;
}

function drawCounts(draws: number, n: number, clientSeed: string): number[] {
  const counts = new Array<number>(n).fill(0);
  const stream = new FairStream({ serverSeed: serverSeed(), clientSeed, nonce: 0 });
  for (let i = 0; i < draws; i++) {
    const v = uniformInt(stream, n);
    counts[v] = (counts[v] ?? 0) + 1;
  }
  return counts;
}

function playOriginals(choice: OriginalChoice, rounds: number, clientSeed: string): OriginalTally {
  const seed = serverSeed();
  const key = new ServerSeedKey(seed);
  const bucketCount = { dice: 100, limbo: 0, wheel: choice.game === 'wheel' ? choice.segments : 0, mines: 25 }[choice.game];
  const buckets = new Array<number>(bucketCount).fill(0);
  const tally: OriginalTally = { rounds, sum: 0, sumSquares: 0, buckets };
  for (let nonce = 0; nonce < rounds; nonce++) {
    const outcome = playOriginal(new FairStream({ serverSeed: seed, clientSeed, nonce }, key), choice);
    let returned = 0;
    if (outcome.game === 'dice') {
      if (outcome.won) returned = outcome.multiplier / 10_000;
      const bucket = Math.floor(outcome.roll / 100);
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    } else if (outcome.game === 'limbo') {
      if (outcome.won) returned = outcome.target / 100;
    } else if (outcome.game === 'mines') {
      // Where the mines fell: every tile equally often.
      if (!outcome.hit) returned = outcome.multiplier / 10_000;
      for (const tile of outcome.mineTiles) buckets[tile] = (buckets[tile] ?? 0) + 1;
    } else {
      returned = outcome.multiplier / 100;
      buckets[outcome.segment] = (buckets[outcome.segment] ?? 0) + 1;
    }
    tally.sum += returned;
    tally.sumSquares += returned * returned;
  }
  return tally;
}

const task = workerData as WorkerTask;
parentPort?.postMessage(
  task.task === 'slot'
    ? playSlot(task.gameId, task.rounds, task.clientSeed)
    : task.task === 'original'
      ? playOriginals(task.choice, task.rounds, task.clientSeed)
      : drawCounts(task.draws, task.n, task.clientSeed),
);
