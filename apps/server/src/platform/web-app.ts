import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../http/services.js';
import { bootDataLoader, renderIndex } from './boot-data.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built player site: hashed files under /assets/ are cached for a year, everything else is
 * revalidated. Any other GET outside the API prefixes gets index.html so a reload of /vip works; a missing file
 * (a path with an extension, except the spec's /register.html) stays a 404. Those pages carry this request's boot
 * data (boot-data.ts); /index.html itself is the static file, the service worker's offline shell, so the shell
 * never holds a status or announcements answer.
 * Returns the fallback handler, or a handler that declines when there is no build (API-only runs).
 */
export async function installWebApp(app: FastifyInstance, webDist: string, services: AppServices) {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDist }, 'no web build found: serving the API only (run `npm run build`)');
    return () => null;
  }
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const insideAssets = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
      res.header('cache-control', insideAssets ? IMMUTABLE : 'no-cache');
    },
  });

  const loadBootData = bootDataLoader(services);
  const page = async (request: FastifyRequest) => {
    try {
      const data = await loadBootData(request);
      return data ? renderIndex(indexHtml, data) : indexHtml;
    } catch (error) {
      // The plain page still works: the site then asks the same calls itself.
      request.log.error({ err: error }, 'boot data failed');
      return indexHtml;
    }
  };

  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (lastSegment.includes('.') && !lastSegment.endsWith('.html')) return null;
    // Resolves to nothing once sent, so Fastify does not send the reply a second time. private: the page carries
    // this visitor's boot data (their address, their merchant's status), which no shared cache may keep.
    return page(request).then((html) => {
      reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').send(html);
    });
  };
}
