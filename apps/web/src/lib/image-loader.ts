/**
 * The one image-loading module of the site (spec §9 "lazy image loading"): images start loading when they come
 * within 1.3 viewports, visibility is processed at most every 200 ms, a failed image is tried 3 times in all,
 * and the last 200 loaded addresses are remembered so a list scrolled back shows them at once.
 * Image paths from the API are relative to an image CDN: one of `status.info.imageCDNs` is chosen at random
 * once per page load (the same origin when the list is empty).
 */
import { onCdn, pickCdn } from './cdn';
import { SCROLL_THROTTLE_MS, throttle } from './throttle';

export const IMAGE_LOADING = {
  /** Load when the image is within this many viewport heights. */
  preload: 1.3,
  attempts: 3,
  throttleMs: SCROLL_THROTTLE_MS,
  cacheSize: 200,
} as const;

let chosen: { list: readonly string[]; cdn: string } | undefined;

/** The image CDN of this page load: picked once at random from the list (empty string = same origin). */
export function imageCdn(cdns: readonly string[], random: () => number = Math.random): string {
  if (chosen && chosen.list.join('\n') === cdns.join('\n')) return chosen.cdn;
  const cdn = pickCdn(cdns, random);
  chosen = { list: [...cdns], cdn };
  return cdn;
}

/** An image address: absolute URLs are kept, API paths get the chosen CDN in front. */
export function imageUrl(path: string | null | undefined, cdns: readonly string[]): string | null {
  return path ? onCdn(path, imageCdn(cdns)) : null;
}

/** For tests: forget the CDN picked for this page load. */
export const resetImageCdn = () => {
  chosen = undefined;
};

const loaded = new Map<string, true>();

export function rememberLoaded(url: string) {
  loaded.delete(url);
  loaded.set(url, true);
  while (loaded.size > IMAGE_LOADING.cacheSize) {
    const oldest = loaded.keys().next().value;
    if (oldest === undefined) break;
    loaded.delete(oldest);
  }
}

export const isLoaded = (url: string) => loaded.has(url);
export const loadedCount = () => loaded.size;

/** Loads an image, trying `attempts` times in all with a short growing pause; resolves false when it never loads. */
export function loadImage(url: string, attempts: number = IMAGE_LOADING.attempts): Promise<boolean> {
  return new Promise((resolve) => {
    let attempt = 0;
    const tryOnce = () => {
      attempt += 1;
      const image = new Image();
      image.decoding = 'async';
      image.onload = () => {
        rememberLoaded(url);
        resolve(true);
      };
      image.onerror = () => {
        if (attempt >= attempts) resolve(false);
        else setTimeout(tryOnce, 300 * attempt);
      };
      image.src = url;
    };
    tryOnce();
  });
}

type Visible = () => void;
const waiting = new Map<Element, Visible>();
const ready = new Set<Element>();
let observer: IntersectionObserver | undefined;

const flush = throttle(() => {
  for (const element of ready) {
    const callback = waiting.get(element);
    ready.delete(element);
    if (!callback) continue;
    waiting.delete(element);
    observer?.unobserve(element);
    callback();
  }
}, IMAGE_LOADING.throttleMs);

function sharedObserver(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  // preload 1.3: the viewport grown by 0.3 of its height below and above.
  const margin = `${Math.round((IMAGE_LOADING.preload - 1) * 100)}%`;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) ready.add(entry.target);
        else ready.delete(entry.target);
      }
      flush();
    },
    { rootMargin: `${margin} 0px ${margin} 0px` },
  );
  return observer;
}

/** Calls `onVisible` once when the element comes near the viewport; returns a function that stops watching. */
export function whenNearViewport(element: Element, onVisible: Visible): () => void {
  const io = sharedObserver();
  if (!io) {
    onVisible();
    return () => {};
  }
  waiting.set(element, onVisible);
  io.observe(element);
  return () => {
    waiting.delete(element);
    ready.delete(element);
    io.unobserve(element);
  };
}
