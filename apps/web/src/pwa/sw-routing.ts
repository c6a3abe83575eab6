/**
 * What the service worker does with a request. Pure, so it is tested without a worker; used only by
 * service-worker.ts (importing it from the app would make the bundler share a chunk with the worker).
 *
 * - API answers are never cached: /wps, /lgw, /lotto, health probes and the API docs go to the network
 *   untouched, so a balance, a notice or the system status is never replayed from a cache.
 * - The back office (/bo/: its pages, files and API) is another app: the worker never serves or caches it.
 * - /media (game artwork, banners) is not cached by the worker either: the server's HTTP cache headers
 *   govern it, and image CDNs are other origins the worker does not see.
 * - Navigations are network-first and fall back to the precached index.html (the shell) when offline.
 * - Precached files (hashed assets, icons, manifest) are served from the cache.
 */
export type SwRoute = 'network' | 'navigation' | 'precache';

export const NETWORK_ONLY_PREFIXES = ['/wps', '/lgw', '/lotto', '/bo', '/media', '/healthz', '/readyz', '/openapi.json', '/docs'];

export const SHELL_URL = '/index.html';

export interface RouteInput {
  method: string;
  mode: string;
  url: string;
  origin: string;
}

const underPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function routeFor(request: RouteInput, precached: ReadonlySet<string>): SwRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== request.origin) return 'network';
  if (NETWORK_ONLY_PREFIXES.some((prefix) => underPrefix(url.pathname, prefix))) return 'network';
  if (request.mode === 'navigate') return 'navigation';
  return precached.has(url.pathname) ? 'precache' : 'network';
}

/** The cache name of one build: a new build gets a new cache and the old one is deleted on activation. */
export const cacheName = (version: string) => `tessera-shell-${version}`;
export const isOwnCache = (name: string) => name.startsWith('tessera-shell-');
