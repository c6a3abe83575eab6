import { describe, expect, it } from 'vitest';
import { cacheName, isOwnCache, routeFor } from './sw-routing';

const origin = 'https://play.example.test';
const precached = new Set(['/index.html', '/assets/index-abc123.js', '/manifest.webmanifest']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${origin}${path}`, origin });

describe('service worker routing', () => {
  it('never answers an API call from the cache', () => {
    for (const path of [
      '/wps/system/status',
      '/wps/relay/MCSFE_getListAnnouncements?types=B',
      '/lgw/games/popular?count=20',
      '/lotto/draws',
      '/healthz',
      '/openapi.json',
    ]) {
      expect(routeFor(get(path), precached), path).toBe('network');
    }
  });

  it('leaves the back office alone: its pages, files and API never pass through the worker', () => {
    for (const path of ['/bo/', '/bo/login', '/bo/assets/index-abc123.js', '/bo/api/me']) {
      expect(routeFor(get(path, 'navigate'), new Set([...precached, path])), path).toBe('network');
      expect(routeFor(get(path), new Set([...precached, path])), path).toBe('network');
    }
  });

  it('leaves /media images to HTTP caching', () => expect(routeFor(get('/media/catalogue/x.svg'), precached)).toBe('network'));

  it('serves page navigations through the shell fallback, but not API navigations', () => {
    expect(routeFor(get('/noticePage?page=2', 'navigate'), precached)).toBe('navigation');
    expect(routeFor(get('/wps/system/status', 'navigate'), precached)).toBe('network');
  });

  it('serves precached build files from the cache and everything else from the network', () => {
    expect(routeFor(get('/assets/index-abc123.js'), precached)).toBe('precache');
    expect(routeFor(get('/assets/unknown-zzz.js'), precached)).toBe('network');
  });

  it('ignores other methods and other origins', () => {
    expect(routeFor({ ...get('/assets/index-abc123.js'), method: 'PUT' }, precached)).toBe('network');
    expect(routeFor({ ...get('/x'), url: 'https://cdn.example.test/assets/index-abc123.js' }, precached)).toBe('network');
  });

  it('does not mistake a route that merely starts like an API prefix', () =>
    expect(routeFor(get('/wpsx', 'navigate'), precached)).toBe('navigation'));

  it('names caches per build', () => {
    expect(cacheName('1a2b')).toBe('tessera-shell-1a2b');
    expect(isOwnCache(cacheName('1a2b'))).toBe(true);
    expect(isOwnCache('other-cache')).toBe(false);
  });
});
