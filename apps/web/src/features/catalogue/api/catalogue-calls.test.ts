import {
  getGameList,
  getGameVendors,
  getHotGames,
  getPopularGames,
  POPULAR_DEFAULT_COUNT,
} from '@tessera/contract/api/catalogue';
import { describe, expect, it } from 'vitest';
import { gameListCall } from './get-game-list';
import { gameVendorsCall } from './get-game-vendors';
import { hotGamesCall } from './get-hot-games';
import { POPULAR_LOTTERY_COUNT, popularGamesCall } from './get-popular-games';

// The web app repeats these paths to keep the TypeBox runtime out of its chunks; they must not drift.
describe('catalogue call targets match the contract', () => {
  it.each([
    ['game vendors', gameVendorsCall, getGameVendors],
    ['game list', gameListCall, getGameList],
    ['hot games', hotGamesCall, getHotGames],
    ['popular lottery', popularGamesCall, getPopularGames],
  ])('%s', (_name, target, call) => {
    expect(target).toEqual({ method: call.method, path: call.path });
  });
});

it("asks the popular lottery count the boot data holds (the call's default)", () => {
  expect(POPULAR_LOTTERY_COUNT).toBe(POPULAR_DEFAULT_COUNT);
});
