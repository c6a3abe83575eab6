/** The Google tag's script, from the one origin the page's policy allows when the merchant has a tag. */
export const googleTagUrl = (gtagId: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`;

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * Loads the Google tag once, as Google's snippet does, but from this bundle: the policy allows no inline script. The
 * tag reads its commands as `arguments` objects from `dataLayer`, so `gtag` pushes exactly that.
 */
export function loadGoogleTag(gtagId: string) {
  const w = window as TagWindow;
  if (w.gtag) return;
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
