import { QueryClientProvider } from '@tanstack/react-query';
import type { GameItem } from '@tessera/contract/api/catalogue';
import { FEATURES } from '@tessera/contract/features';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { activateLanguage } from '../../../i18n/i18n';
import { useModals } from '../../../lib/modal-store';
import { useSession } from '../../../lib/session';
import { systemStatusQuery } from '../../../lib/system-status';
import { envelope, jsonResponse, systemStatusFixture } from '../../../test/system-status-fixture';
import { FavouriteToggle } from './favourite-toggle';

const GAME: GameItem = {
  nodeId: 7,
  gameId: 'TS_LOTUS_FORTUNE',
  gameName: 'Lotus Fortune',
  iconUrl: '/media/catalogue/games/lotus.svg',
  vassalage: 'TESSERA_RNG',
  gameType: 'RNG',
  displayName: 'Tessera Slots',
  classify: 'SLOT',
  isHot: true,
  status: 'active',
  defaultPlayType: null,
};

const tree = (isOn: boolean) => ({
  modId: 'ROOT',
  enabled: true,
  childrenNodes: [{ modId: FEATURES.favouriteGames, enabled: isOn, childrenNodes: [] }],
});

/** The favourites server: ids answered from `ids`; the add answers when `release` is called, or fails. */
function stubServer(options: { ids: string[]; addFails?: boolean }) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let release: () => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (init?.method === 'POST') {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        if (options.addFails) {
          return jsonResponse({ success: false, code: 'favourite.limit', message: 'errors.favourite_limit', value: null }, 409);
        }
        return jsonResponse(envelope({ list: ['7', ...options.ids] }));
      }
      if (init?.method === 'DELETE') return jsonResponse(envelope({ list: [] }));
      return jsonResponse(envelope({ list: options.ids }));
    }),
  );
  return { sent, release: () => release() };
}

async function renderToggle(isOn = true) {
  await activateLanguage('en');
  const client = createQueryClient();
  client.setQueryData(
    systemStatusQuery().queryKey,
    systemStatusFixture({ info: { ...systemStatusFixture().info, whitelabel: tree(isOn) } }),
  );
  render(
    <QueryClientProvider client={client}>
      <FavouriteToggle game={GAME} />
    </QueryClientProvider>,
  );
}

describe('FavouriteToggle', () => {
  beforeEach(() => useSession.getState().sessionStarted('t'.repeat(43)));
  afterEach(() => {
    useSession.getState().sessionEnded();
    useModals.getState().closeAll();
  });

  it('stars the game at once, names it, and keeps the star when the server agrees', async () => {
    const server = stubServer({ ids: [] });
    await renderToggle();
    const star = await screen.findByRole('button', { name: 'Favourite: Lotus Fortune' });
    await vi.waitFor(() => expect(server.sent).toHaveLength(1));
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    server.release();
    await vi.waitFor(() =>
      expect(server.sent.at(-1)).toMatchObject({ method: 'POST', body: { nodeId: 7, vendor: 'TESSERA_RNG' } }),
    );
    expect(star.getAttribute('aria-pressed')).toBe('true');
  });

  it('puts the star back and says why when the server refuses', async () => {
    const server = stubServer({ ids: [], addFails: true });
    await renderToggle();
    const star = await screen.findByRole('button', { name: 'Favourite: Lotus Fortune' });
    await userEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    server.release();
    expect((await screen.findByRole('alert')).textContent).toMatch(/most favourite games/);
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it('un-stars a favourite', async () => {
    const server = stubServer({ ids: ['7'] });
    await renderToggle();
    const star = await screen.findByRole('button', { name: 'Favourite: Lotus Fortune', pressed: true });
    await userEvent.click(star);
    await vi.waitFor(() =>
      expect(server.sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/wps/relay/MCSFE_removeFavoriteGameV2' }),
    );
    await vi.waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'));
  });

  it('asks a visitor to log in instead', async () => {
    useSession.getState().sessionEnded();
    const server = stubServer({ ids: [] });
    await renderToggle();
    await userEvent.click(await screen.findByRole('button', { name: 'Favourite: Lotus Fortune' }));
    expect(useModals.getState().stack.map((modal) => modal.name)).toEqual(['login']);
    expect(server.sent).toEqual([]);
  });

  it('is not there when the operator switched favourites off', async () => {
    stubServer({ ids: [] });
    await renderToggle(false);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
