import {
  addFavourite,
  getFavouriteGames,
  getFavouriteIds,
  getRecentGames,
  removeFavourite,
} from '@tessera/contract/api/favourites';
import { describe, expect, it } from 'vitest';
import { FAVOURITE_CALLS } from './calls';

describe('favourite call targets match the contract', () => {
  it.each([
    ['ids', FAVOURITE_CALLS.ids, getFavouriteIds],
    ['list', FAVOURITE_CALLS.list, getFavouriteGames],
    ['add', FAVOURITE_CALLS.add, addFavourite],
    ['remove', FAVOURITE_CALLS.remove, removeFavourite],
    ['recent', FAVOURITE_CALLS.recent, getRecentGames],
  ])('%s', (_name, target, call) => {
    expect(target).toEqual({ method: call.method, path: call.path });
  });
});
