import type { LotteryKind } from '@tessera/contract/api/lottery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import catalogue from '../../../server/static/catalogue/demo-catalogue.json';
import { BET_FORMS } from './bets';
import { kindName } from './format';
import { setLanguage } from './i18n';

/** The demo catalogue's lottery classes and the house lottery each one opens. */
const KIND_OF_CLASSIFY: Record<string, LotteryKind> = { SEA_LOTTERY: 'SEA5D', VN_LOTTERY: 'VN', FAST_LOTTERY: 'FAST3' };

const lotteryGames = catalogue.games.flatMap((game) => {
  const kind = KIND_OF_CLASSIFY[game.classify];
  return kind ? [{ ...game, kind }] : [];
});

describe('the demo lotteries are named and launched as the game names them', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('covers every house lottery', () => {
    expect(lotteryGames.map((game) => game.kind).sort()).toEqual(['FAST3', 'SEA5D', 'VN']);
  });

  it.each(['en', 'bn'] as const)('gives each game the name its own page shows, in %s', (language) => {
    vi.stubGlobal('document', { documentElement: {} });
    setLanguage(language);
    for (const game of lotteryGames) expect(game.names[language]).toBe(kindName(game.kind));
  });

  it("opens each at one of its own bet types (the lobby's playType)", () => {
    for (const game of lotteryGames) expect(Object.keys(BET_FORMS[game.kind])).toContain(game.defaultPlayType);
  });
});
