/**
 * The site's service worker, built to /sw.js (vite.config.ts): it precaches the shell and the build's files,
 * serves the shell for navigations when offline, and never caches API answers (see sw-routing.ts).
 * `__TESSERA_PRECACHE__` is replaced at build time with `{ version, urls }` of this build.
 */
import { cacheName, isOwnCache, routeFor, SHELL_URL } from './sw-routing';

// The worker's own types (the app's tsconfig uses the DOM library, which lacks them).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

declare const __TESSERA_PRECACHE__: { version: string; urls: string[] };

const worker = self as unknown as WorkerScope;
const { version, urls } = __TESSERA_PRECACHE__;
const CACHE = cacheName(version);
const precached = new Set(urls);

worker.addEventListener('install', (event) => {
  // `cache: 'reload'` skips the HTTP cache so the precache holds exactly this build's files.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' })))));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => isOwnCache(name) && name !== CACHE).map((name) => caches.delete(name))))
      // The first install takes control of the open page at once (so it works offline right away).
      .then(() => worker.clients.claim()),
  );
});

// A page may ask a waiting update to take over (not used yet; updates otherwise wait for every tab to close).
worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void worker.skipWaiting();
});

async function fromPrecache(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached ?? fetch(request);
}

async function navigation(request: Request): Promise<Response> {
  try {
    // Network first: index.html is revalidated on every visit, so a new build is picked up at once.
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeFor(
    { method: request.method, mode: request.mode, url: request.url, origin: worker.location.origin },
    precached,
  );
  if (route === 'navigation') event.respondWith(navigation(request));
  else if (route === 'precache') event.respondWith(fromPrecache(request));
  // 'network': not handled, the browser fetches it as if there were no worker.
});
