import { POPULAR_DEFAULT_COUNT } from '@tessera/contract/api/catalogue';
import { expect, it } from 'vitest';
import { POPULAR_LOTTERY_COUNT } from './get-popular-games';

it("asks the popular lottery count the boot data holds (the call's default)", () => {
  expect(POPULAR_LOTTERY_COUNT).toBe(POPULAR_DEFAULT_COUNT);
});
