import { launchGame } from '@tessera/contract/api/games';
import { describe, expect, it } from 'vitest';
import { GAME_CALLS } from './calls';

describe('game call targets', () => {
  it('launch matches the contract', () => {
    expect(GAME_CALLS.launch).toEqual({ method: launchGame.method, path: launchGame.path });
  });
});
