import { getGameMenus } from '@tessera/contract/api/catalogue';
import { describe, expect, it } from 'vitest';
import { LOTTERY_LAUNCH_CALLS } from './lottery-calls';

describe('lottery launch call targets', () => {
  it('game menus match the contract', () => {
    expect(LOTTERY_LAUNCH_CALLS.menus).toEqual({ method: getGameMenus.method, path: getGameMenus.path });
  });
});
