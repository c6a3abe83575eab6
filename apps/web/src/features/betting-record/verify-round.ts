import type { RoundVerification, SlotOutcome } from '@tessera/contract/api/house-games';
import type { OriginalOutcome } from '@tessera/contract/api/original-outcome';
import { choiceOf, isOriginalGame, originalWin, playOriginal } from '@tessera/house-engine/originals/originals';
import { replayRound, verifyServerSeed } from '@tessera/house-engine/rng/fair';
import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import { spin } from '@tessera/house-engine/slots/engine';
import type { SlotRound } from '@tessera/house-engine/slots/types';

/**
 * The browser's own verdict on a round (the player must not have to trust the server's word): the
 * revealed seed must hash to the commitment published before play, and replaying the round from the seeds with
 * the same engine code must give exactly the stored outcome.
 */
type Outcome = SlotOutcome | OriginalOutcome;

export type Verdict =
  | { state: 'sealed' }
  | { state: 'verified'; recomputed: Outcome }
  | { state: 'mismatch'; commitmentMatches: boolean; outcomeMatches: boolean; recomputed: Outcome | null };

/** A round replayed from its seeds: a slot spin, or an instant game with the choice it stored. Null: not replayable. */
function replay({ round, serverSeed }: RoundVerification & { serverSeed: string }): { outcome: Outcome; win: string } | null {
  const seeds = { serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
  if (isOriginalGame(round.engineGame)) {
    if (!('game' in round.outcome)) return null;
    const choice = choiceOf(round.outcome);
    const outcome = replayRound(seeds, (source) => playOriginal(source, choice));
    return { outcome, win: originalWin(outcome, BigInt(round.bet)).toString() };
  }
  const game = slotGameById(round.engineGame);
  if (!game) return null;
  const outcome = outcomeOf(replayRound(seeds, (source) => spin(game, source, BigInt(round.bet))));
  return { outcome, win: outcome.totalWin };
}

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

export function verifyInBrowser(verification: RoundVerification): Verdict {
  const { round, serverSeed } = verification;
  if (serverSeed === null) return { state: 'sealed' };
  const commitmentMatches = verifyServerSeed(serverSeed, round.commitment);
  let replayed: { outcome: Outcome; win: string } | null = null;
  try {
    replayed = replay({ ...verification, serverSeed });
  } catch {
    replayed = null;
  }
  const recomputed = replayed?.outcome ?? null;
  const outcomeMatches =
    replayed !== null && canonical(replayed.outcome) === canonical(round.outcome) && replayed.win === round.win;
  if (commitmentMatches && outcomeMatches && recomputed) return { state: 'verified', recomputed };
  return { state: 'mismatch', commitmentMatches, outcomeMatches, recomputed };
}
