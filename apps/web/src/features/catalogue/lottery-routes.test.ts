import { describe, expect, it } from 'vitest';
import { lotteryHref, lotteryPathOf } from './lottery-routes';

describe('lottery routes (spec §2.1, §4)', () => {
  it('sends the Vietnamese and SEA account types to their own routes', () => {
    expect(lotteryPathOf({ gameType: 'LOTT', accountTypeName: 'TCG_LOTTO_VN' })).toBe('/vnlottery');
    expect(lotteryPathOf({ gameType: 'LOTT', accountTypeName: 'TCG_SEA' })).toBe('/seaLottery');
    expect(lotteryPathOf({ gameType: 'LOTT', accountTypeName: 'LOTT' })).toBe('/lottery');
    expect(lotteryPathOf({ gameType: 'LOTT' })).toBe('/lottery');
  });

  it('keeps both electronic-lottery variants on /elott', () => {
    expect(lotteryPathOf({ gameType: 'ELOTT', accountTypeName: 'ELOTT' })).toBe('/elott');
    expect(lotteryPathOf({ gameType: 'ELOTT', accountTypeName: 'TCG_LOTTO_VN' })).toBe('/elott');
    expect(lotteryPathOf({ gameType: 'ELOTT', accountTypeName: 'LOTT' })).toBe('/elott');
  });

  it('leaves every other game to /game', () => {
    expect(lotteryPathOf({ gameType: 'RNG', accountTypeName: 'TESSERA' })).toBeNull();
    expect(lotteryHref({ gameType: 'LIVE', vassalage: 'X' })).toBeNull();
  });

  it('adds gameCode and playType only when the game has both', () => {
    const vendor = { gameType: 'LOTT', accountTypeName: 'LOTT', vassalage: 'TESSERA_LOTT' };
    expect(lotteryHref(vendor, { gameId: 'TS_VN_LOTTO', defaultPlayType: 'lo2' })).toBe(
      '/lottery?vendor=TESSERA_LOTT&gameCode=TS_VN_LOTTO&playType=lo2',
    );
    expect(lotteryHref(vendor, { gameId: 'TS_VN_LOTTO', defaultPlayType: null })).toBe('/lottery?vendor=TESSERA_LOTT');
    expect(lotteryHref(vendor)).toBe('/lottery?vendor=TESSERA_LOTT');
  });
});
