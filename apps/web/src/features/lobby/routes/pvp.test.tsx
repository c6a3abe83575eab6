import { QueryClientProvider } from '@tanstack/react-query';
import type { VendorLane } from '@tessera/contract/api/catalogue';
import type { PvpRoom } from '@tessera/contract/api/pvp-rooms';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { activateLanguage } from '../../../i18n/i18n';
import { systemStatusQuery } from '../../../lib/system-status';
import { envelope, jsonResponse, systemStatusFixture } from '../../../test/system-status-fixture';
import { Screen } from './pvp';

const card = { gameType: 'PVP', icon: '', largeIcon: '', isHot: false, isGame: 'VASSALAGE', status: 'active' } as const;
const PVP_LANE: VendorLane = {
  title: 'PVP',
  cards: [{ ...card, vassalage: 'ACE_PVP', displayName: 'Ace Cards', accountTypeName: 'ACE' }],
  gameClassify: [],
};

const room = (roomId: string, roomName: string): PvpRoom => ({
  nodeId: roomId.length,
  gameId: roomId,
  gameName: roomId,
  iconUrl: '',
  vassalage: 'ACE_PVP',
  gameType: 'PVP',
  displayName: 'Ace Cards',
  classify: 'CARD',
  isHot: false,
  status: 'active',
  defaultPlayType: null,
  roomId,
  roomName,
});

/** The vendor lanes and the PVP room list, recording the room list's queries. */
function stubServer(rooms: PvpRoom[]) {
  const roomQueries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/wps/relay/GLS2_roomList') {
        roomQueries.push(url.search);
        return jsonResponse(envelope({ content: rooms }));
      }
      if (url.pathname === '/wps/relay/GCSGAME_gameVendor') return jsonResponse(envelope({ data: { lanes: [PVP_LANE] } }));
      throw new Error(`unexpected call ${url.pathname}`);
    }),
  );
  return roomQueries;
}

async function renderPvp() {
  await activateLanguage('en');
  const client = createQueryClient();
  client.setQueryData(systemStatusQuery().queryKey, systemStatusFixture());
  const router = createMemoryRouter([{ path: '/pvp', element: <Screen /> }], { initialEntries: ['/pvp'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/pvp (spec 2.1, §7.3 GLS2_roomList)', () => {
  it("shows the PVP vendors' rooms, by the room's name", async () => {
    const queries = stubServer([room('TEEN_PATTI_100', 'Teen Patti 100'), room('RUMMY_500', 'Rummy 500')]);
    await renderPvp();
    expect(await screen.findByRole('button', { name: /Teen Patti 100/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Rummy 500/ })).toBeTruthy();
    expect(queries[0]).toContain('language=en');
  });

  it('says so when the vendor has no room open', async () => {
    stubServer([]);
    await renderPvp();
    expect(await screen.findByText('No games yet')).toBeTruthy();
  });
});
