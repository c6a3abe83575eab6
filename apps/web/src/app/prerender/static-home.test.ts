import { PRERENDERED_ATTRIBUTE } from '@tessera/contract/api/boot-data';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootOnFirstTap, staysStatic } from './static-home';

/** The page as the server sends a visitor's home page: its boot data and the prerendered root. */
function serverPage({ status = 0, domainRoute = [] as { domain: string }[], language = 'bn', gtagId = '' } = {}) {
  document.body.replaceChildren();
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'boot-data';
  data.textContent = JSON.stringify({ status: { status, info: { domainRoute, analytics: { gtagId } } } });
  const root = document.createElement('div');
  root.setAttribute(PRERENDERED_ATTRIBUTE, language);
  root.innerHTML = `<a href="/login">Log in</a><button type="button">Menu</button><details><summary>Help</summary></details>`;
  document.body.append(data, root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("a visitor's home page", () => {
  it('stays the server’s HTML for a visitor of the open site in the page’s language', () => {
    expect(staysStatic(serverPage())).toBe(true);
  });

  it('boots at once for a member, another language, a closed site, a domain not listed, or a page the app paints', () => {
    window.sessionStorage.setItem('token', 't');
    expect(staysStatic(serverPage())).toBe(false);
    window.sessionStorage.clear();
    window.localStorage.setItem('lang', 'en');
    expect(staysStatic(serverPage({ language: 'bn' }))).toBe(false);
    window.localStorage.clear();
    expect(staysStatic(serverPage({ status: 1 }))).toBe(false);
    expect(staysStatic(serverPage({ domainRoute: [{ domain: 'example.com' }] }))).toBe(false);
    const plain = document.createElement('div');
    expect(staysStatic(plain)).toBe(false);
  });

  it("boots for a merchant's Google tag (the consent banner and the tag are the app's) unless the visitor declined it", () => {
    expect(staysStatic(serverPage({ gtagId: 'G-TESSERA42' }))).toBe(false);
    window.localStorage.setItem('analyticsConsent', 'granted');
    expect(staysStatic(serverPage({ gtagId: 'G-TESSERA42' }))).toBe(false);
    window.localStorage.setItem('analyticsConsent', 'denied');
    expect(staysStatic(serverPage({ gtagId: 'G-TESSERA42' }))).toBe(true);
  });

  it('starts the app when the help opens', () => {
    const root = serverPage();
    const boot = vi.fn();
    bootOnFirstTap(root, () => {}, boot);
    root.querySelector('summary')?.click();
    expect(boot).toHaveBeenCalledTimes(1);
  });

  it('starts the app on a tap on a button, not on a link, and fetches it on the first press', () => {
    const root = serverPage();
    const prefetch = vi.fn();
    const boot = vi.fn();
    bootOnFirstTap(root, prefetch, boot);
    root.querySelector('a')?.addEventListener('click', (event) => event.preventDefault());
    root.querySelector('a')?.click();
    expect(boot).not.toHaveBeenCalled();
    root.querySelector('button')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(prefetch).toHaveBeenCalledTimes(1);
    root.querySelector('button')?.click();
    root.querySelector('button')?.click();
    expect(boot).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
