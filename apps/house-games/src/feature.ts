import type { Paytable, SlotOutcome } from '@tessera/contract/api/house-games';
import { awardedAfter } from '@tessera/house-engine/slots/free-spins';

type Spin = SlotOutcome['base'];

/** What the counter shows at each free spin of a round: its number, the spins awarded so far, a retrigger. */
export interface FreeSpinStep {
  number: number;
  awarded: number;
  /** Spins this one added (0 when it did not retrigger). */
  added: number;
}

const scattersIn = (paytable: Paytable, spin: Spin) => {
  const scatters = new Set(paytable.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id));
  return spin.grid.reduce((n, column) => n + column.filter((id) => scatters.has(id)).length, 0);
};

/** The free spins of a round as the player watches them, counted by the published retrigger rule. */
export function freeSpinSteps(paytable: Paytable, freeSpins: readonly Spin[]): FreeSpinStep[] {
  const rule = paytable.freeSpins;
  if (!rule) return [];
  let awarded = rule.spins;
  return freeSpins.map((spin, index) => {
    const before = awarded;
    awarded = awardedAfter(rule, awarded, scattersIn(paytable, spin));
    return { number: index + 1, awarded, added: awarded - before };
  });
}

/**
 * Where the player is in watching a round's free spins. The money is settled with the round before the first
 * one is shown; only this place is kept in the browser, so a reload resumes the showing, and the round itself
 * is fetched again from the server (which answers only the player's own rounds).
 */
export interface FeatureProgress {
  roundId: string;
  shown: number;
}

const key = (gameCode: string) => `tessera.slots.feature.${gameCode}`;

export function saveProgress(storage: Storage, gameCode: string, progress: FeatureProgress | null) {
  try {
    if (progress) storage.setItem(key(gameCode), JSON.stringify(progress));
    else storage.removeItem(key(gameCode));
  } catch {
    // Private browsing without storage: the showing simply does not resume.
  }
}

export function loadProgress(storage: Storage, gameCode: string): FeatureProgress | null {
  try {
    const value = JSON.parse(storage.getItem(key(gameCode)) ?? 'null') as Partial<FeatureProgress> | null;
    if (typeof value?.roundId === 'string' && Number.isInteger(value.shown) && (value.shown ?? -1) >= 0) {
      return { roundId: value.roundId, shown: value.shown as number };
    }
  } catch {
    // Unreadable: nothing to resume.
  }
  return null;
}
