import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/accounts-kit';
import { systemStatusFixture } from '../../../test/system-status-fixture';
import { AnalyticsConsent } from './analytics-consent';

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
});
