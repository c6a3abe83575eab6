import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieNames, deleteCookie, writeCookie } from '../../../lib/cookies';
import { renderWithApp } from '../../../test/accounts-kit';
import { systemStatusFixture } from '../../../test/system-status-fixture';
import { AnalyticsConsent } from './analytics-consent';
import { PrivacyChoicesButton } from './privacy-choices-button';

const withTag = (gtagId: string) => {
  const base = systemStatusFixture();
  return { ...base, info: { ...base.info, analytics: { gtagId } } };
};
const tagScripts = () => document.querySelectorAll('script[src^="https://www.googletagmanager.com/"]');

describe('analytics consent', () => {
  afterEach(() => {
    window.localStorage.clear();
    for (const script of tagScripts()) script.remove();
    delete (window as { gtag?: unknown }).gtag;
    delete (window as { dataLayer?: unknown }).dataLayer;
    delete (window as unknown as Record<string, unknown>)['ga-disable-G-TESSERA42'];
  });

  it('asks nothing and loads nothing while the merchant has no Google tag', async () => {
    await renderWithApp(<AnalyticsConsent />, withTag(''));
    expect(screen.queryByRole('region')).toBeNull();
    expect(tagScripts()).toHaveLength(0);
  });

  it('loads the tag only once the player accepts, and remembers it', async () => {
    const view = await renderWithApp(<AnalyticsConsent />, withTag('G-TESSERA42'));
    const banner = await screen.findByRole('region', { name: 'Cookies and analytics' });
    expect(tagScripts()).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner.isConnected).toBe(false);
    expect([...tagScripts()].map((s) => s.getAttribute('src'))).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TESSERA42',
    ]);
    expect(window.localStorage.getItem('analyticsConsent')).toBe('granted');
    view.unmount();
    await renderWithApp(<AnalyticsConsent />, withTag('G-TESSERA42'));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('keeps the tag off when the player declines, also on the next visit', async () => {
    const view = await renderWithApp(<AnalyticsConsent />, withTag('G-TESSERA42'));
    await screen.findByRole('region', { name: 'Cookies and analytics' });
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(window.localStorage.getItem('analyticsConsent')).toBe('denied');
    view.unmount();
    await renderWithApp(<AnalyticsConsent />, withTag('G-TESSERA42'));
    expect(screen.queryByRole('region')).toBeNull();
    expect(tagScripts()).toHaveLength(0);
  });

  it('asks again from the footer: a withdrawal stops the running tag and clears its cookies, and focus returns', async () => {
    window.localStorage.setItem('analyticsConsent', 'granted');
    await renderWithApp(
      <>
        <PrivacyChoicesButton />
        <AnalyticsConsent />
      </>,
      withTag('G-TESSERA42'),
    );
    expect(tagScripts()).toHaveLength(1);
    expect(screen.queryByRole('region')).toBeNull();
    writeCookie('_ga', 'GA1.1.42.42', 3600);
    writeCookie('_ga_TESSERA42', 'GS1.1.42', 3600);
    writeCookie('lang', 'bn', 3600);

    const user = userEvent.setup();
    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    await user.click(settings);
    const banner = await screen.findByRole('region', { name: 'Cookies and analytics' });
    expect(document.activeElement).toBe(banner);
    expect(banner.textContent).toContain('Your current choice: analytics accepted on this device.');

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(settings);
    expect(window.localStorage.getItem('analyticsConsent')).toBe('denied');
    expect((window as unknown as Record<string, unknown>)['ga-disable-G-TESSERA42']).toBe(true);
    expect(cookieNames()).toEqual(['lang']);

    // Asked once more and dismissed with Escape: nothing changes.
    await user.click(settings);
    await screen.findByRole('region', { name: 'Cookies and analytics' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region')).toBeNull();
    expect(window.localStorage.getItem('analyticsConsent')).toBe('denied');

    // Given again in the same page: the stopped tag is switched back on, not loaded twice.
    await user.click(settings);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await act(async () => {});
    expect((window as unknown as Record<string, unknown>)['ga-disable-G-TESSERA42']).toBe(false);
    expect(tagScripts()).toHaveLength(1);
    deleteCookie('lang');
  });
});
