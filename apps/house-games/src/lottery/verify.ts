import type { LotteryDraw, LotteryKind, LotteryResult } from '@tessera/contract/api/lottery';
import { drawFast3 } from '@tessera/house-engine/lottery/fast3';
import { drawSea } from '@tessera/house-engine/lottery/sea';
import { drawVn } from '@tessera/house-engine/lottery/vn';
import { type RandomSource, replayRound, verifyServerSeed } from '@tessera/house-engine/rng/fair';

const DRAWS: Record<LotteryKind, (source: RandomSource) => LotteryResult> = {
  SEA5D: drawSea,
  VN: drawVn,
  FAST3: (source) => drawFast3(source),
};

export type DrawCheck =
  | { state: 'secret' }
  | { state: 'checked'; commitmentMatches: boolean; recomputed: LotteryResult; resultMatches: boolean };

/** JSON with keys in a fixed order: the database may return an object's keys in another order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Checks a draw in the browser, not by the server's word: the revealed seed must hash to the commitment
 * published before the draw, and house-engine's draw from (seed, the draw's client seed, nonce 0) must give
 * exactly the published result.
 */
export function checkDraw(draw: Pick<LotteryDraw, 'kind' | 'serverSeed' | 'clientSeed' | 'commitment' | 'result'>): DrawCheck {
  if (draw.serverSeed === null || draw.result === null) return { state: 'secret' };
  const commitmentMatches = verifyServerSeed(draw.serverSeed, draw.commitment);
  const recomputed = replayRound({ serverSeed: draw.serverSeed, clientSeed: draw.clientSeed, nonce: 0 }, DRAWS[draw.kind]);
  return { state: 'checked', commitmentMatches, recomputed, resultMatches: canonical(recomputed) === canonical(draw.result) };
}
