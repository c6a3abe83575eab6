import { QueryClientProvider } from '@tanstack/react-query';
import type { Winner } from '@tessera/contract/api/winners';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../app/query-client';
import { activateLanguage } from '../../../../i18n/i18n';
import { systemStatusQuery } from '../../../../lib/system-status';
import { envelope, jsonResponse, systemStatusFixture } from '../../../../test/system-status-fixture';
import WinnersBoardSection from './winners-board';

const win = (account: string, winAmount: string, minutesAgo: number): Winner => ({
  vo: {
    account,
    gameCode: 'TS_LOTUS_FORTUNE',
    gameName: 'Lotus Fortune',
    gameCategory: 'RNG',
    vassalage: 'TESSERA_RNG',
    winAmount,
    winTime: Date.now() - minutesAgo * 60_000,
  },
});

/** The rank list server: answers `lists` in turn (the last one repeats); `null` is a failure. */
function stubServer(lists: (Winner[] | null)[]) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.searchParams);
      const list = lists.length > 1 ? lists.shift() : lists[0];
      if (list === null || list === undefined) {
        return jsonResponse({ success: false, code: 'system.error', message: 'errors.system_error', value: null }, 500);
      }
      return jsonResponse(envelope({ board: url.searchParams.get('board'), period: url.searchParams.get('period'), list }));
    }),
  );
  return asked;
}

async function renderBoard(language = 'en') {
  await activateLanguage(language);
  const client = createQueryClient();
  client.setQueryData(systemStatusQuery().queryKey, systemStatusFixture());
  render(
    <QueryClientProvider client={client}>
      <WinnersBoardSection />
    </QueryClientProvider>,
  );
}

describe('WinnersBoardSection', () => {
  it('lists the week’s biggest wins with masked accounts and the merchant’s currency', async () => {
    const asked = stubServer([[win('pl***3', '1250050', 5), win('ab***z', '90000', 120)]]);
    await renderBoard();
    const list = await screen.findByRole('list', { name: 'Biggest wins' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('pl***3');
    expect(rows[0]?.textContent).toContain('12,500.50');
    expect(rows[0]?.textContent).toContain('Lotus Fortune');
    expect(rows[0]?.textContent).toContain('5 minutes ago');
    expect(within(rows[0] as HTMLElement).getByText('Place 1')).toBeTruthy();
    expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({ board: 'top', period: 'week', limitNum: '10' });
  });

  it('switches to the latest wins and another period, saying which is chosen', async () => {
    const asked = stubServer([[win('pl***3', '1000', 1)]]);
    await renderBoard();
    await screen.findByRole('list', { name: 'Biggest wins' });
    const latest = screen.getByRole('button', { name: 'Latest wins' });
    expect(latest.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(latest);
    expect(latest.getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('list', { name: 'Latest wins' });
    await userEvent.click(screen.getByRole('button', { name: '24 hours' }));
    await vi.waitFor(() => expect(Object.fromEntries(asked.at(-1) ?? [])).toMatchObject({ board: 'latest', period: 'day' }));
  });

  it('says when there are no wins yet', async () => {
    stubServer([[]]);
    await renderBoard();
    expect(await screen.findByText('No wins in this period yet')).toBeTruthy();
  });

  it('shows a failure and recovers on retry', async () => {
    // The query client retries once: two failures make a failure the player sees.
    stubServer([null, null, [win('pl***3', '1000', 1)]]);
    await renderBoard();
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Something went wrong. Please try again later.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Biggest wins' })).toBeTruthy();
  });

  it('speaks Bengali with Bengali numerals', async () => {
    stubServer([[win('pl***3', '1250050', 5)]]);
    await renderBoard('bn');
    const list = await screen.findByRole('list', { name: 'সবচেয়ে বড় জয়' });
    expect(list.textContent).toContain('১২,৫০০.৫০');
    expect(screen.getByRole('heading', { name: 'বিজয়ীরা' })).toBeTruthy();
  });
});
