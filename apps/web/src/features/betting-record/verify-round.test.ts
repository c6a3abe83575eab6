import type { HouseRound, RoundVerification } from '@tessera/contract/api/house-games';
import { originalWin, playOriginal } from '@tessera/house-engine/originals/originals';
import { commitServerSeed, replayRound } from '@tessera/house-engine/rng/fair';
import { slotGameById } from '@tessera/house-engine/slots/catalogue';
import { spin } from '@tessera/house-engine/slots/engine';
import { describe, expect, it } from 'vitest';
import { verifyInBrowser } from './verify-round';

const serverSeed = 'a'.repeat(64);
const game = slotGameById('classic-sevens');

/** A round as the server answers it: the engine's outcome with money as strings. */
function storedRound(nonce: number): RoundVerification {
  if (!game) throw new Error('classic-sevens missing');
  const played = replayRound({ serverSeed, clientSeed: 'player-seed', nonce }, (source) => spin(game, source, 50n));
  const outcome = JSON.parse(
    JSON.stringify(
      { lineBet: played.lineBet, base: played.base, freeSpins: played.freeSpins, totalWin: played.totalWin },
      (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
    ),
  );
  const round: HouseRound = {
    roundId: '7',
    gameCode: 'TS_CLASSIC_SEVENS',
    engineGame: 'classic-sevens',
    bet: '50',
    win: played.totalWin.toString(),
    playMoney: false,
    commitment: commitServerSeed(serverSeed),
    clientSeed: 'player-seed',
    nonce,
    time: 0,
    outcome,
  };
  return { round, serverSeed, verified: true, recomputed: outcome };
}

describe('verifying a round in the browser', () => {
  it('confirms a round whose revealed seed matches the commitment and replays to the stored outcome', () => {
    expect(verifyInBrowser(storedRound(3)).state).toBe('verified');
  });

  it('waits while the seed is still secret', () => {
    expect(verifyInBrowser({ ...storedRound(3), serverSeed: null }).state).toBe('sealed');
  });

  it('flags a stored outcome the seeds do not produce, whatever the server claims', () => {
    const honest = storedRound(3);
    const other = storedRound(4);
    const forged = { ...honest, round: { ...honest.round, outcome: other.round.outcome }, verified: true };
    expect(verifyInBrowser(forged)).toMatchObject({ state: 'mismatch', commitmentMatches: true, outcomeMatches: false });
  });

  it('flags a revealed seed that is not the one committed to', () => {
    const honest = storedRound(3);
    const swapped = { ...honest, round: { ...honest.round, commitment: commitServerSeed('b'.repeat(64)) } };
    expect(verifyInBrowser(swapped)).toMatchObject({ state: 'mismatch', commitmentMatches: false });
  });

  it('replays an instant game round with the choice it stored, win included', () => {
    const seeds = { serverSeed, clientSeed: 'player-seed', nonce: 5 };
    const outcome = replayRound(seeds, (source) => playOriginal(source, { game: 'dice', target: 5000, direction: 'over' }));
    const honest = storedRound(5);
    const round = { ...honest.round, gameCode: 'TS_DICE', engineGame: 'dice', bet: '1000', outcome };
    const dice = { ...honest, round: { ...round, win: originalWin(outcome, 1000n).toString() } };
    expect(verifyInBrowser(dice).state).toBe('verified');
    expect(verifyInBrowser({ ...dice, round: { ...dice.round, win: '1' } }).state).toBe('mismatch');
  });
});
