import { QueryClientProvider } from '@tanstack/react-query';
import type { PlayerProtection } from '@tessera/contract/api/responsible-gaming';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { activateLanguage } from '../../../i18n/i18n';
import { useSession } from '../../../lib/session';
import { systemStatusQuery } from '../../../lib/system-status';
import { envelope, jsonResponse, systemStatusFixture } from '../../../test/system-status-fixture';
import { PlayerProtectionSettings } from './player-protection-settings';

const NONE: PlayerProtection = {
  limits: (['daily', 'weekly', 'monthly'] as const).map((period) => ({
    period,
    limitMinor: null,
    usedMinor: '0',
    pending: null,
  })),
  exclusion: null,
};

/** Stubs the three responsible-gaming calls with a tiny in-memory server; records what was sent. */
function stubServer(state: PlayerProtection) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ path: url.pathname, body });
      if (url.pathname.endsWith('/deposit-limit')) {
        state.limits = state.limits.map((l) => (l.period === body.period ? { ...l, limitMinor: body.limitMinor } : l));
      }
      if (url.pathname.endsWith('/exclusion')) {
        state.exclusion = { kind: 'timeout', duration: body.duration, since: Date.now(), until: Date.now() + 7 * 86_400_000 };
      }
      return jsonResponse(envelope(state));
    }),
  );
  return sent;
}

async function renderSettings() {
  await activateLanguage('en');
  const client = createQueryClient();
  client.setQueryData(systemStatusQuery().queryKey, systemStatusFixture());
  const router = createMemoryRouter([{ path: '*', element: <PlayerProtectionSettings /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PlayerProtectionSettings', () => {
  beforeEach(() => useSession.getState().sessionStarted('t'.repeat(43)));
  afterEach(() => vi.unstubAllGlobals());

  it('saves a daily limit typed in major units and shows it', async () => {
    const sent = stubServer(structuredClone(NONE));
    await renderSettings();
    const daily = await screen.findByRole('form', { name: 'Daily deposit limit' });
    await userEvent.type(within(daily).getByLabelText('New limit'), '1,500.50');
    await userEvent.click(within(daily).getByRole('button', { name: 'Save limit' }));
    expect(await within(daily).findByText('৳ 1,500.50')).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      path: '/wps/member/responsible-gaming/deposit-limit',
      body: { period: 'daily', limitMinor: '150050' },
    });
  });

  it('asks for confirmation before a break, then signs the player out', async () => {
    const sent = stubServer(structuredClone(NONE));
    await renderSettings();
    await userEvent.click(await screen.findByText('7 days'));
    await userEvent.click(screen.getByRole('button', { name: 'Start a break' }));
    const confirm = await screen.findByRole('dialog', { name: 'Start a break?' });
    expect(within(confirm).getByText(/cannot be shortened or cancelled/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent.some((s) => s.path.endsWith('/exclusion'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Start a break' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Start a break?' })).getByRole('button', { name: 'Yes, start the break' }),
    );
    const done = await screen.findByRole('dialog', { name: 'Your break has started' });
    expect(sent.at(-1)).toEqual({ path: '/wps/member/responsible-gaming/exclusion', body: { duration: '7d' } });
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
    expect(useSession.getState().token).toBeNull();
  });
});
