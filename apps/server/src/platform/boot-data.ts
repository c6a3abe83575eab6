import { type BootData, PRERENDERED_ATTRIBUTE, type PrerenderedHome } from '@tessera/contract/api/boot-data';
import { showsHomeScreen } from '@tessera/contract/site-routes';

export type { BootData };

/** The first banner's address when it is certain: the web picks one of several image CDNs at random. */
export function firstBannerUrl(data: BootData): string | null {
  const path = data.announcements?.lists.banners.find((banner) => banner.url)?.url;
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path)) return path;
  const cdns = data.status.info.imageCDNs;
  if (cdns.length > 1) return null;
  return `${(cdns[0] ?? '').replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the boot data as a non-executed JSON script (the CSP's script-src 'self' still holds), on a path
 * that shows the home page a high-priority preload of its first banner (elsewhere the browser would fetch an image
 * the page never shows, and say so in the console) and, when given, the prerendered page inside `#root`, marked with
 * its language (the web keeps it only when it would show the same: apps/web/src/app/prerender/takeover.ts), the
 * page's `<html lang dir>` set to it. No web font is linked: the page's first paint uses the device's own font for
 * its script (the app loads the shipped Bengali font when it starts), so its largest paint does not share the
 * network with ~95 KiB of font files.
 * `<` is escaped so no value can close the script element; U+2028/9 are escaped for old JSON-in-HTML readers.
 */
export function renderIndex(template: string, data: BootData, pathname: string, prerendered?: PrerenderedHome | null): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const banner = showsHomeScreen(pathname) ? firstBannerUrl(data) : null;
  let html = template.replace(
    /<\/head>/i,
    (end) => `  <script type="application/json" id="boot-data">${json}</script>\n  ${end}`,
  );
  if (banner) {
    // Right after the charset: the image request starts before the scripts' and the stylesheet's.
    const preload = `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(banner)}" />`;
    html = html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}\n    ${preload}`);
  }
  if (prerendered) {
    html = html.replace(
      /<html\b[^>]*>/i,
      () => `<html lang="${escapeAttribute(prerendered.language)}" dir="${escapeAttribute(prerendered.dir)}">`,
    );
    html = html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeAttribute(prerendered.title)}</title>`);
    html = html.replace(
      '<div id="root"></div>',
      () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeAttribute(prerendered.language)}">${prerendered.html}</div>`,
    );
  }
  return html;
}
