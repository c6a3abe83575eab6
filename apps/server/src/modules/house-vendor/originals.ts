import { HOUSE_EDGE, type OriginalGame } from '@tessera/house-engine/originals/originals';

/** The house vendor's instant games in the catalogue (demo-catalogue.json), with their limits in minor units. */
export interface HouseOriginal {
  gameCode: string;
  game: OriginalGame;
  minBet: bigint;
  maxBet: bigint;
  houseEdge: number;
}

/**
 * From ৳0.10 to ৳500 a round: limbo's top target (×10,000) then wins at most ৳5,000,000, the same exposure as a
 * slot's top win at its largest bet.
 */
const original = (gameCode: string, game: OriginalGame): HouseOriginal => ({
  gameCode,
  game,
  minBet: 10n,
  maxBet: 50_000n,
  houseEdge: HOUSE_EDGE[game],
});

export const HOUSE_ORIGINALS: readonly HouseOriginal[] = [
  original('TS_DICE', 'dice'),
  original('TS_LIMBO', 'limbo'),
  original('TS_WHEEL', 'wheel'),
  original('TS_MINES', 'mines'),
];

export const houseOriginalByCode = (gameCode: string) => HOUSE_ORIGINALS.find((o) => o.gameCode === gameCode);

/** The games played one step at a time (reveal, then cash out): no auto-bet, and rounds kept open on the server. */
export const hasOpenRounds = (original: HouseOriginal) => original.game === 'mines';

/** The most rounds one auto-bet run may play: a run always has an end the player set. */
export const MAX_AUTO_ROUNDS = 100;
