import type { RoundVerification, SlotOutcome } from '@tessera/contract/api/house-games';
import { replayRound, verifyServerSeed } from '@tessera/house-engine/rng/fair';
import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import { spin } from '@tessera/house-engine/slots/engine';
import type { SlotRound } from '@tessera/house-engine/slots/types';

/**
 * The browser's own verdict on a round (the player must not have to trust the server's word): the
 * revealed seed must hash to the commitment published before play, and replaying the round from the seeds with
 * the same engine code must give exactly the stored outcome.
 */
export type Verdict =
  | { state: 'sealed' }
  | { state: 'verified'; recomputed: SlotOutcome }
  | { state: 'mismatch'; commitmentMatches: boolean; outcomeMatches: boolean; recomputed: SlotOutcome | null };

/** Money as decimal strings, as the server stores and sends the outcome. */
const asJson = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item)));

const outcomeOf = (round: SlotRound): SlotOutcome =>
  asJson({ lineBet: round.lineBet, base: round.base, freeSpins: round.freeSpins, totalWin: round.totalWin }) as SlotOutcome;

/** Key order must not decide equality: compare with keys sorted at every level. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );

export function verifyInBrowser({ round, serverSeed }: RoundVerification): Verdict {
  if (serverSeed === null) return { state: 'sealed' };
  const commitmentMatches = verifyServerSeed(serverSeed, round.commitment);
  const game = slotGameById(round.engineGame);
  let recomputed: SlotOutcome | null = null;
  try {
    if (game) {
      const seeds = { serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
      recomputed = outcomeOf(replayRound(seeds, (source) => spin(game, source, BigInt(round.bet))));
    }
  } catch {
    recomputed = null;
  }
  const outcomeMatches =
    recomputed !== null && canonical(recomputed) === canonical(round.outcome) && recomputed.totalWin === round.win;
  if (commitmentMatches && outcomeMatches && recomputed) return { state: 'verified', recomputed };
  return { state: 'mismatch', commitmentMatches, outcomeMatches, recomputed };
}
