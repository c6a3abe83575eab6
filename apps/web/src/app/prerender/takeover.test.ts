import { QueryClient } from '@tanstack/react-query';
import type { SystemStatus } from '@tessera/contract/api/system';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session';
import { systemStatusQuery } from '../../lib/system-status';
import { systemStatusFixture } from '../../test/system-status-fixture';
import { takeOverPrerender } from './takeover';

function prerenderedRoot(language: string | null) {
  const root = document.createElement('div');
  if (language !== null) root.setAttribute('data-prerendered', language);
  root.innerHTML = '<header>prerendered</header>';
  return root;
}

function clientWith(status: SystemStatus) {
  const client = new QueryClient();
  client.setQueryData(systemStatusQuery().queryKey, status);
  return client;
}

describe('takeOverPrerender', () => {
  afterEach(() => {
    window.localStorage.clear();
    useSession.setState({ token: null });
    window.history.replaceState(null, '', '/');
  });

  it('does nothing on a page the server did not prerender', async () => {
    const root = prerenderedRoot(null);
    expect(await takeOverPrerender(root, clientWith(systemStatusFixture()))).toBeNull();
    expect(root.textContent).toBe('prerendered');
  });

  it('keeps the page for a visitor whose language it is written in, with the router ready, to hydrate it', async () => {
    window.history.replaceState(null, '', '/?aff=7#top');
    const root = prerenderedRoot('bn');
    const takeover = await takeOverPrerender(root, clientWith(systemStatusFixture()));
    expect(takeover?.hydrate).toBe(true);
    expect(takeover?.router.state.initialized).toBe(true);
    // The root's redirect is done before the first render, which is /index's page.
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/index?aff=7#top');
    expect(takeover?.router.state.location.pathname).toBe('/index');
    expect(root.textContent).toBe('prerendered');
    expect(root.hasAttribute('data-prerendered')).toBe(false);
    takeover?.router.dispose();
  });

  it('renders a member’s page anew (the prerendered one is a visitor’s)', async () => {
    useSession.setState({ token: 'session-token' });
    const takeover = await takeOverPrerender(prerenderedRoot('bn'), clientWith(systemStatusFixture()));
    expect(takeover?.hydrate).toBe(false);
    takeover?.router.dispose();
  });

  it('clears the page when the visitor chose another language', async () => {
    window.localStorage.setItem('lang', 'en');
    const root = prerenderedRoot('bn');
    expect(await takeOverPrerender(root, clientWith(systemStatusFixture()))).toBeNull();
    expect(root.childNodes).toHaveLength(0);
  });

  it('clears the page when the site is closed or the status is unknown', async () => {
    const closed = prerenderedRoot('bn');
    expect(await takeOverPrerender(closed, clientWith(systemStatusFixture({ status: 1, maintenance: true })))).toBeNull();
    expect(closed.childNodes).toHaveLength(0);
    const unknown = prerenderedRoot('bn');
    expect(await takeOverPrerender(unknown, new QueryClient())).toBeNull();
    expect(unknown.childNodes).toHaveLength(0);
  });
});
