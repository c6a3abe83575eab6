import { QueryClientProvider } from '@tanstack/react-query';
import type { SystemStatus } from '@tessera/contract/api/system';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse, systemStatusFixture } from '../test/system-status-fixture';
import { BootGate } from './boot-gate';
import { createQueryClient } from './query-client';

function renderGate() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BootGate>
        <p>normal site</p>
      </BootGate>
    </QueryClientProvider>,
  );
}

function stubStatus(status: SystemStatus) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(envelope(status)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('BootGate', () => {
  it('shows an accessible loading state, then the normal site when the status is 0', async () => {
    window.localStorage.setItem('lang', 'en');
    const fetchMock = stubStatus(systemStatusFixture());
    renderGate();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByText('normal site', {}, { timeout: 5000 })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/wps\/system\/status\?host=/);
    const headers = new Headers(init?.headers);
    expect(headers.get('device')).toBe('web');
    expect(headers.get('language')).toBe('en');
    expect(headers.has('merchant')).toBe(false);
    expect(headers.has('authorization')).toBe(false);
    expect(document.documentElement.lang).toBe('en');
    // The server renders the next load in it (apps/server/src/platform/boot-data.ts).
    expect(document.cookie).toMatch(/(^|; )lang=en(;|$)/);
  });

  it('uses the product default language (BN) when the visitor has not chosen one', async () => {
    stubStatus(systemStatusFixture());
    renderGate();
    await screen.findByText('normal site', {}, { timeout: 5000 });
    expect(document.documentElement.lang).toBe('bn');
    expect(window.localStorage.getItem('lang')).toBe('bn');
    expect(window.localStorage.getItem('hisLang')).toBe('bn');
    expect(document.cookie).toMatch(/(^|; )lang=bn(;|$)/);
  });

  it('ignores a stored language the site does not offer', async () => {
    window.localStorage.setItem('lang', 'en');
    stubStatus(systemStatusFixture({ product: { ...systemStatusFixture().product, supportLanguages: ['bn'] } }));
    renderGate();
    await screen.findByText('normal site', {}, { timeout: 5000 });
    expect(document.documentElement.lang).toBe('bn');
  });

  it('shows the maintenance page with the end time and a contact button when the status is 1', async () => {
    window.localStorage.setItem('lang', 'en');
    const end = Date.UTC(2030, 0, 2, 15, 30);
    stubStatus(systemStatusFixture({ status: 1, maintenance: true, maintenanceEnd: end }));
    renderGate();
    const page = await screen.findByTestId('system-maintenance');
    expect(within(page).getByRole('heading', { name: 'System maintenance' })).toBeTruthy();
    expect(page.textContent).toContain('We are currently performing a system maintenance');
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(end));
    expect(page.textContent).toContain(`Expected to end at ${expected}`);
    expect(screen.queryByText('normal site')).toBeNull();

    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.click(within(page).getByRole('button', { name: 'Contact customer service' }));
    expect(open).toHaveBeenCalledWith(
      'https://chat.example.test/room',
      expect.any(String),
      expect.stringContaining('width=440,height=750'),
    );
    expect((await within(page).findByRole('alert')).textContent).toBe('Popup blocked. Please allow popups and try again.');
  });

  it('shows the restriction page with the visitor IP and country when the status is 2', async () => {
    window.localStorage.setItem('lang', 'en');
    stubStatus(systemStatusFixture({ status: 2, regionRestriction: true, location: { ip: '198.51.100.9', country: 'US' } }));
    renderGate();
    const page = await screen.findByTestId('system-restricted');
    expect(within(page).getByRole('heading', { name: 'Access restricted' })).toBeTruthy();
    expect(page.textContent).toContain('198.51.100.9');
    expect(page.textContent).toContain('United States (US)');
    expect(within(page).getByRole('button', { name: 'Contact customer service' })).toBeTruthy();
  });

  it('refuses an address the merchant does not list (domain check), and passes a listed one', async () => {
    window.localStorage.setItem('lang', 'en');
    const base = systemStatusFixture();
    stubStatus({ ...base, info: { ...base.info, domainRoute: [{ domain: 'play.example.test', isMain: true }] } });
    renderGate();
    const page = await screen.findByTestId('system-domain-check', {}, { timeout: 5000 });
    expect(within(page).getByRole('alert').textContent).toBe('Domain check failed: Invalid URL, please contact customer service');
    expect(within(page).getByRole('button', { name: 'Contact customer service' })).toBeTruthy();
    expect(screen.queryByText('normal site')).toBeNull();
  });

  it('lets the site through when its host is in the domain list', async () => {
    const base = systemStatusFixture();
    stubStatus({ ...base, info: { ...base.info, domainRoute: [{ domain: window.location.hostname, isMain: true }] } });
    renderGate();
    expect(await screen.findByText('normal site', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('says the network is abnormal when the status cannot be fetched, and retries on request', async () => {
    window.localStorage.setItem('lang', 'en');
    const fetchMock = vi
      .fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(jsonResponse(envelope(systemStatusFixture())));
    vi.stubGlobal('fetch', fetchMock);
    renderGate();
    expect((await screen.findByRole('alert')).textContent).toBe('Network link is abnormal, please try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('normal site', {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('speaks the visitor language on the network error page (BN by default)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderGate();
    expect((await screen.findByRole('alert')).textContent).toBe('নেটওয়ার্ক সংযোগে সমস্যা হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন');
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeTruthy();
  });

  it('treats a gateway error page (non-JSON 502) as a network failure', async () => {
    window.localStorage.setItem('lang', 'en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    renderGate();
    expect((await screen.findByRole('alert')).textContent).toBe('Network link is abnormal, please try again');
  });
});
