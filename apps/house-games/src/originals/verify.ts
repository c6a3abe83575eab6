import type { RoundVerification } from '@tessera/contract/api/house-games';
import type { OriginalOutcome } from '@tessera/contract/api/original-outcome';
import { choiceOf, isOriginalGame, originalWin, playOriginal } from '@tessera/house-engine/originals/originals';
import { FairStream, verifyServerSeed } from '@tessera/house-engine/rng/fair';

/** Sorted keys at every level: the stored outcome went through jsonb, which orders keys its own way. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );

/**
 * The browser's own verdict on an instant game round: 'sealed' while the server seed is secret; else whether the
 * revealed seed hashes to the commitment shown before play and the round replays to the stored outcome and win.
 */
export function verifyOriginal({ round, serverSeed }: RoundVerification): 'sealed' | 'verified' | 'mismatch' {
  if (serverSeed === null) return 'sealed';
  if (!verifyServerSeed(serverSeed, round.commitment) || !isOriginalGame(round.engineGame)) return 'mismatch';
  const stored = round.outcome as OriginalOutcome;
  if (!('game' in stored) || stored.game !== round.engineGame) return 'mismatch';
  try {
    const replayed = playOriginal(
      new FairStream({ serverSeed, clientSeed: round.clientSeed, nonce: round.nonce }),
      choiceOf(stored),
    );
    const sameWin = originalWin(replayed, BigInt(round.bet)).toString() === round.win;
    return sameWin && canonical(replayed) === canonical(stored) ? 'verified' : 'mismatch';
  } catch {
    return 'mismatch';
  }
}
