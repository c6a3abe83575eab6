import { cookieNames, deleteCookie } from '../../lib/cookies';

/** The Google tag's script, from the one origin the page's policy allows when the merchant has a tag. */
export const googleTagUrl = (gtagId: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`;

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } & Record<string, unknown>;

/** Google's documented switch that stops gtag.js sending anything for one tag ID from this page. */
const disableSwitch = (gtagId: string) => `ga-disable-${gtagId}`;

/**
 * Loads the Google tag once, as Google's snippet does, but from this bundle: the policy allows no inline script. The
 * tag reads its commands as `arguments` objects from `dataLayer`, so `gtag` pushes exactly that. A tag stopped by a
 * withdrawal earlier in this page is switched back on instead of loaded twice.
 */
export function loadGoogleTag(gtagId: string) {
  const w = window as unknown as TagWindow;
  w[disableSwitch(gtagId)] = false;
  if (w.gtag) {
    w.gtag('consent', 'update', { analytics_storage: 'granted' });
    return;
  }
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js takes its commands only as Arguments objects.
    w.dataLayer?.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', gtagId);
  const script = document.createElement('script');
  script.async = true;
  script.src = googleTagUrl(gtagId);
  document.head.append(script);
}

/** Google Analytics' first-party cookies: `_ga`, `_ga_<container>`, `_gid`, `_gat…`, and the conversion linker's `_gcl_…`. */
const isAnalyticsCookie = (name: string) => /^(_ga|_ga_.+|_gid|_gat(_.+)?|_gcl_.+)$/.test(name);

/**
 * Consent withdrawn while the tag runs in this page. A script that has run cannot be unloaded, so it is told to stop:
 * the `ga-disable-<id>` switch (it sends nothing more) and consent mode's `analytics_storage: denied` (it writes no
 * cookie); the cookies it wrote are deleted, on this host and on each parent domain it may have written them to.
 * The next page load does not load it at all.
 */
export function stopGoogleTag(gtagId: string) {
  const w = window as unknown as TagWindow;
  w[disableSwitch(gtagId)] = true;
  w.gtag?.('consent', 'update', { analytics_storage: 'denied', ad_storage: 'denied' });
  const labels = window.location.hostname.split('.');
  const parents = labels.slice(0, -1).map((_, index) => `.${labels.slice(index).join('.')}`);
  for (const name of cookieNames().filter(isAnalyticsCookie)) {
    deleteCookie(name);
    for (const domain of parents) deleteCookie(name, domain);
  }
}
