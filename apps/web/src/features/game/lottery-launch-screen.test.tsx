import { QueryClientProvider } from '@tanstack/react-query';
import type { GameItem, MenuVendor } from '@tessera/contract/api/catalogue';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { activateLanguage } from '../../i18n/i18n';
import { useSession } from '../../lib/session';
import { systemStatusQuery } from '../../lib/system-status';
import { envelope, jsonResponse, systemStatusFixture } from '../../test/system-status-fixture';
import type { LotteryPath } from '../catalogue/lottery-routes';
import { LotteryLaunchScreen } from './lottery-launch-screen';

const game = (gameId: string, classify: string, gameType: 'LOTT' | 'ELOTT', defaultPlayType: string | null): GameItem => ({
  nodeId: gameId.length,
  gameId,
  gameName: gameId,
  iconUrl: '',
  vassalage: gameType === 'LOTT' ? 'TESSERA_LOTT' : 'TESSERA_ELOTT',
  gameType,
  displayName: 'Tessera',
  classify,
  isHot: false,
  status: 'active',
  defaultPlayType,
});

const vendor = (vassalage: string, accountTypeName: string, games: GameItem[]): MenuVendor => ({
  vassalage,
  displayName: vassalage,
  icon: '',
  isHot: false,
  accountTypeName,
  status: 'active',
  gameCount: games.length,
  games,
});

const LOTT = vendor('TESSERA_LOTT', 'LOTT', [
  game('TS_SEA_LOTTO', 'SEA_LOTTERY', 'LOTT', 'last2'),
  game('TS_VN_LOTTO', 'VN_LOTTERY', 'LOTT', 'lo2'),
]);
const ELOTT = vendor('TESSERA_ELOTT', 'ELOTT', [game('TS_ELOTT_1M', 'FAST_LOTTERY', 'ELOTT', 'bigSmall')]);

/** The catalogue's menus and the launch, recording what the screen sends. */
function stubServer(menus: Record<string, MenuVendor[]>) {
  const launches: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/wps/game/launchGame') {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        launches.push(body);
        return jsonResponse(envelope({ content: { game_url: `/house-games/lottery/?game=${String(body.gameId)}` } }));
      }
      const gameType = url.searchParams.get('gameType') ?? '';
      return jsonResponse(envelope({ menus: [{ gameType, vendors: menus[gameType] ?? [] }] }));
    }),
  );
  return launches;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

async function renderAt(url: string, launchGameCDNs: string[] = []) {
  await activateLanguage('en');
  const client = createQueryClient();
  const status = systemStatusFixture();
  client.setQueryData(systemStatusQuery().queryKey, { ...status, info: { ...status.info, launchGameCDNs } });
  const paths: LotteryPath[] = ['/lottery', '/vnlottery', '/seaLottery', '/elott'];
  const router = createMemoryRouter(
    paths.map((path) => ({
      path,
      element: (
        <>
          <LotteryLaunchScreen path={path} />
          <Where />
        </>
      ),
    })),
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('lottery launch routes (spec §2.1, §3, §4)', () => {
  afterEach(() => useSession.getState().sessionEnded());

  it('launches the first electronic lottery directly, naming it in the address, at its bet slip', async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    const launches = stubServer({ ELOTT: [ELOTT] });
    await renderAt('/elott');
    const frame = await screen.findByTitle('TS_ELOTT_1M');
    expect(frame.getAttribute('src')).toBe('/house-games/lottery/?game=TS_ELOTT_1M');
    expect(screen.getByTestId('where').textContent).toBe('/elott?vendor=TESSERA_ELOTT&gameCode=TS_ELOTT_1M&playType=bigSmall');
    expect(launches).toEqual([
      expect.objectContaining({
        gameId: 'TS_ELOTT_1M',
        vassalage: 'TESSERA_ELOTT',
        launchMode: 'LOTT',
        lottoGameCode: 'TS_ELOTT_1M',
        lottoPrizeMode: 'Elott',
        lottoView: 'betting',
        device: 'WEB',
        backUrl: `${window.location.origin}/index`,
        language: 'en',
      }),
    ]);
  });

  it("opens the game on one of the server's launch CDNs when it lists them (spec §9)", async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    stubServer({ ELOTT: [ELOTT] });
    const cdns = ['https://play-a.example.test/', 'https://play-b.example.test'];
    await renderAt('/elott', cdns);
    const src = (await screen.findByTitle('TS_ELOTT_1M')).getAttribute('src') ?? '';
    expect(cdns.map((cdn) => `${cdn.replace(/\/$/, '')}/house-games/lottery/?game=TS_ELOTT_1M`)).toContain(src);
  });

  it("opens the lottery's lobby for a game without a default play type", async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    const launches = stubServer({ ELOTT: [vendor('TESSERA_ELOTT', 'ELOTT', [game('E2', 'FAST_LOTTERY', 'ELOTT', null)])] });
    await renderAt('/elott');
    await screen.findByTitle('E2');
    expect(screen.getByTestId('where').textContent).toBe('/elott');
    expect(launches[0]).toMatchObject({ gameId: 'E2', lottoView: 'lobby' });
  });

  it('opens the bet slip of the game named by gameCode and playType', async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    const launches = stubServer({ LOTT: [LOTT] });
    await renderAt('/lottery?vendor=TESSERA_LOTT&gameCode=TS_VN_LOTTO&playType=lo2');
    await screen.findByTitle('TS_VN_LOTTO');
    expect(launches[0]).toMatchObject({ gameId: 'TS_VN_LOTTO', lottoView: 'betting', lottoArea: 'VN', lottoPrizeMode: 'Lott' });
  });

  it('opens the game of the route class on /seaLottery', async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    const launches = stubServer({ LOTT: [LOTT] });
    await renderAt('/seaLottery');
    await screen.findByTitle('TS_SEA_LOTTO');
    expect(launches[0]).toMatchObject({ gameId: 'TS_SEA_LOTTO', lottoArea: 'SEA', lottoPrizeMode: 'SEA' });
  });

  it('sends a Vietnamese-lottery vendor reached through /lottery to /vnlottery', async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    const vn = vendor('TCG_VN', 'TCG_LOTTO_VN', [game('VN1', 'OTHER', 'LOTT', null)]);
    stubServer({ LOTT: [vn] });
    await renderAt('/lottery?vendor=TCG_VN');
    await screen.findByTitle('VN1');
    expect(screen.getByTestId('where').textContent).toBe('/vnlottery?vendor=TCG_VN');
  });

  it('says so honestly when no lottery vendor is configured', async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    const launches = stubServer({});
    await renderAt('/lottery');
    expect(await screen.findByText('No games yet')).toBeTruthy();
    expect(launches).toHaveLength(0);
  });

  it('asks a visitor to log in before launching', async () => {
    const launches = stubServer({ ELOTT: [ELOTT] });
    await renderAt('/elott');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(launches).toHaveLength(0);
  });
});
