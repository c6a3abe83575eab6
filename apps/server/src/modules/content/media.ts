import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const CONTENT_MEDIA_PREFIX = '/media/content/';
/** apps/server/media/content: three levels above this file both in src/ and in dist/. */
export const CONTENT_MEDIA_DIR = fileURLToPath(new URL('../../../media/content/', import.meta.url));

/**
 * Banner art shipped with the server. A file here is never changed in place (new art gets a new name), so it is
 * cached for a year like the web app's hashed assets.
 */
export function installContentMedia(app: FastifyInstance) {
  app.register(fastifyStatic, {
    root: CONTENT_MEDIA_DIR,
    prefix: CONTENT_MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
