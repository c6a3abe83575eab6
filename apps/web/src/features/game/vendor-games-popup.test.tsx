import { QueryClientProvider } from '@tanstack/react-query';
import type { GameItem, VendorCard } from '@tessera/contract/api/catalogue';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { activateLanguage } from '../../i18n/i18n';
import { useSession } from '../../lib/session';
import { systemStatusQuery } from '../../lib/system-status';
import { envelope, jsonResponse, systemStatusFixture } from '../../test/system-status-fixture';
import { VendorGamesPopup } from './vendor-games-popup';

const VENDOR: VendorCard = {
  vassalage: 'TESSERA_RNG',
  gameType: 'RNG',
  displayName: 'Tessera Slots',
  icon: '',
  largeIcon: '',
  isHot: true,
  isGame: 'VASSALAGE',
  accountTypeName: 'TESSERA',
  status: 'active',
};

const SLOT: GameItem = {
  nodeId: 3,
  gameId: 'TS_LOTUS_FORTUNE',
  gameName: 'Lotus Fortune',
  iconUrl: '',
  vassalage: 'TESSERA_RNG',
  gameType: 'RNG',
  displayName: 'Tessera Slots',
  classify: 'SLOT',
  isHot: true,
  status: 'active',
  defaultPlayType: null,
};

function stubGames(response: () => Response) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      queries.push(new URL(String(input), 'http://localhost').searchParams);
      return response();
    }),
  );
  return queries;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

async function renderPopup(onClose = vi.fn()) {
  await activateLanguage('en');
  const client = createQueryClient();
  client.setQueryData(systemStatusQuery().queryKey, systemStatusFixture());
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <VendorGamesPopup vendor={VENDOR} onClose={onClose} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/index'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('vendor games popup (spec §4: VASSALAGE vendors)', () => {
  afterEach(() => useSession.getState().sessionEnded());

  it("lists the vendor's games in a named dialog and launches the one chosen", async () => {
    useSession.getState().sessionStarted('t'.repeat(43));
    const queries = stubGames(() =>
      jsonResponse(envelope({ content: [SLOT], pageNum: 1, pageSize: 24, totalPages: 1, total: 1 })),
    );
    const onClose = await renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Tessera Slots' });
    expect(queries[0]?.get('vassalage')).toBe('TESSERA_RNG');
    await userEvent.click(await screen.findByRole('button', { name: /Lotus Fortune/ }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toMatch(/^\/game\?.*gameId=TS_LOTUS_FORTUNE/);
    expect(dialog).toBeTruthy();
  });

  it('links to the lobby filtered to the vendor', async () => {
    stubGames(() => jsonResponse(envelope({ content: [], pageNum: 1, pageSize: 24, totalPages: 0, total: 0 })));
    await renderPopup();
    expect(await screen.findByText('No games yet')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'All games of Tessera Slots' });
    expect(link.getAttribute('href')).toBe('/rng?vendor=TESSERA_RNG');
  });

  it('offers a retry when the list cannot load', async () => {
    stubGames(() => jsonResponse({ success: false, code: 'system.error', message: 'errors.system_error', value: null }, 500));
    await renderPopup();
    // The app's client retries a failed read once (about a second) before the error shows.
    expect(await screen.findByRole('button', { name: /Try again|Retry/ }, { timeout: 5_000 })).toBeTruthy();
  });
});
