import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** apps/server/static/catalogue, the same from src/ (tests) and dist/ (the built server). */
export const CATALOGUE_STATIC_DIR = fileURLToPath(new URL('../../../static/catalogue/', import.meta.url));
export const ARTWORK_PREFIX = '/media/catalogue/';

/** Artwork names carry an 8-hex content hash (`lotus-fortune.1a2b3c4d.svg`), so a cached copy is never stale. */
export const HASHED_ARTWORK = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[0-9a-f]{8}\.svg$/;

/**
 * Serves the catalogue's own artwork under /media/catalogue/, cached for a year: a changed picture is a new file
 * name. Only hashed SVG files are served; the import example beside them is not.
 */
export async function registerArtwork(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: CATALOGUE_STATIC_DIR,
    prefix: ARTWORK_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    etag: true,
    lastModified: false,
    allowedPath: (pathname) => HASHED_ARTWORK.test(pathname.replace(/^\//, '')),
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
