import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import type { SlotGame } from '@tessera/house-engine/slots/types';

/** The house vendor's slot card in the catalogue (demo-catalogue.json). */
export const HOUSE_SLOT_VENDOR = 'TESSERA_RNG';
export const HOUSE_SLOT_CATEGORY = 'RNG';

export interface HouseSlot {
  /** Catalogue game code. */
  gameCode: string;
  game: SlotGame;
  /** Minor units; the bet must also be a multiple of the game's paylines (whole line bets). */
  minBet: bigint;
  maxBet: bigint;
}

function engineGame(id: string): SlotGame {
  const game = slotGameById(id);
  if (!game) throw new Error(`house-engine has no slot ${id}`);
  return game;
}

/**
 * The catalogue codes the house plays and the engine game behind each. Limits: the smallest bet is one minor
 * unit per line ×10 (৳2.00 on 20 lines, ৳1.00 on 10, ৳0.50 on 5), the largest keeps a top win within the house's exposure.
 */
export const HOUSE_SLOTS: readonly HouseSlot[] = [
  { gameCode: 'TS_LOTUS_FORTUNE', game: engineGame('lotus-fortune'), minBet: 200n, maxBet: 200_000n },
  { gameCode: 'TS_CLASSIC_SEVENS', game: engineGame('classic-sevens'), minBet: 50n, maxBet: 100_000n },
  { gameCode: 'TS_BENGAL_TIGER', game: engineGame('bengal-tiger'), minBet: 200n, maxBet: 100_000n },
  { gameCode: 'TS_FESTIVAL_LIGHTS', game: engineGame('festival-lights'), minBet: 100n, maxBet: 100_000n },
];

export const houseSlotByCode = (gameCode: string) => HOUSE_SLOTS.find((slot) => slot.gameCode === gameCode);

export const isValidHouseBet = (slot: HouseSlot, bet: bigint) =>
  bet >= slot.minBet && bet <= slot.maxBet && bet % BigInt(slot.game.paylines.length) === 0n;
