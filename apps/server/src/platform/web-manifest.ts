import { createHash } from 'node:crypto';
import type { ProductConfig, Settings } from '@tessera/contract/settings';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The shell's own colours (apps/web/index.html theme-color, the page background): the palette is part of the
 * web build, not a merchant setting, so the installed app's title bar matches the pages it shows.
 */
const THEME_COLOR = '#0f172a';
const BACKGROUND_COLOR = '#020617';

/** The PWA manifest of a merchant's site: its brand name and language, one web build for every merchant. */
export function webManifest(product: ProductConfig) {
  return {
    name: product.brand.name,
    // No separate short name is configured; launchers shorten a long label themselves.
    short_name: product.brand.name,
    id: '/',
    start_url: '/index?source=pwa',
    scope: '/',
    lang: product.defaultLang,
    dir: 'ltr',
    display: 'standalone',
    orientation: 'any',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * GET /manifest.webmanifest for the merchant the site serves (the server's default merchant: the browser sends
 * no Merchant header for it). Cached for five minutes, then revalidated by ETag, so a brand change reaches
 * browsers within minutes and an unchanged manifest costs a 304.
 */
export function webManifestRoutes(app: FastifyInstance, siteSettingsOf: () => Promise<Settings | null>) {
  app.get(WEB_MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
    const settings = await siteSettingsOf();
    if (!settings) throw new AppError('merchant.unknown');
    const body = JSON.stringify(webManifest(settings.product));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    reply.header('cache-control', 'public, max-age=300, must-revalidate').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/manifest+json; charset=utf-8').send(body);
  });
}
