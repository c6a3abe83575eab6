import { QueryClientProvider } from '@tanstack/react-query';
import type { WalletBalance } from '@tessera/contract/api/wallet';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { activateLanguage } from '../../../i18n/i18n';
import { useSession } from '../../../lib/session';
import { envelope, jsonResponse } from '../../../test/system-status-fixture';
import MyWalletPage from './my-wallet-page';

const balance = (main: string, vendor: string): WalletBalance => ({
  sumBalance: String(BigInt(main) + BigInt(vendor)),
  currency: 'BDT',
  currencySymbol: '৳',
  minorDigits: 2,
  playMoney: false,
  balance: [
    { accountTypeId: 'MAIN', availBalance: main, held: '0' },
    { accountTypeId: 'TESSERA', availBalance: vendor, held: '0' },
  ],
});

/** Balance, wallet mode (transfer mode, one vendor) and transfers, recording what was sent. */
function stubServer() {
  const sent: unknown[] = [];
  let current = balance('100000', '0');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith('/GCS_merchantWallet')) {
        return jsonResponse(envelope({ isSingle: false, vendors: [{ vendor: 'TESSERA', displayName: 'Tessera games' }] }));
      }
      if (path.endsWith('/GCS_walletTransfer')) {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        current = balance(String(100000 - Number(body.amount)), body.amount);
      }
      return jsonResponse(envelope(current));
    }),
  );
  return sent;
}

async function renderPage() {
  await activateLanguage('en');
  const router = createMemoryRouter([{ path: '*', element: <MyWalletPage /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('MyWalletPage in transfer mode', { timeout: 20_000 }, () => {
  beforeEach(() => useSession.getState().sessionStarted('t'.repeat(43)));
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an amount that is not one, then moves a typed amount into the game wallet', async () => {
    const sent = stubServer();
    await renderPage();
    const amount = await screen.findByLabelText('Amount for Tessera games');
    await userEvent.type(amount, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'In' }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid amount.')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '250.50');
    await userEvent.click(screen.getByRole('button', { name: 'In' }));
    expect(await screen.findByText('৳ 250.50')).toBeTruthy();
    expect(sent).toEqual([{ direction: 'in', vendor: 'TESSERA', amount: '25050', requestId: expect.any(String) }]);
    expect((amount as HTMLInputElement).value).toBe('');
  });

  it('moves money out with the second button', async () => {
    const sent = stubServer();
    await renderPage();
    await userEvent.type(await screen.findByLabelText('Amount for Tessera games'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Out' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ direction: 'out', amount: '100' });
  });
});
