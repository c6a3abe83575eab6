import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './envelope.js';

export const BACK_OFFICE_BASE = '/bo';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The back office's own policy, stricter than the player site's: no third-party image, frame or CDN, and no page
 * may frame it. `data:` images are the enrolment QR code, `blob:` ones the chat pictures fetched with the staff token.
 */
export const BACK_OFFICE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'none'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'report-uri /csp-report',
].join('; ');

export const isBackOfficePath = (url: string) =>
  url === BACK_OFFICE_BASE || url.startsWith(`${BACK_OFFICE_BASE}/`) || url.startsWith(`${BACK_OFFICE_BASE}?`);

/**
 * Every answer under /bo/ (pages, files and its API) carries the back office's policy, is kept out of search engines
 * and out of shared caches; the player site's service worker leaves the path alone (apps/web/src/pwa/).
 */
export function installBackOfficeHeaders(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isBackOfficePath(request.url)) {
      reply.header('content-security-policy', BACK_OFFICE_CSP);
      reply.header('x-robots-tag', 'noindex, nofollow');
      reply.header('referrer-policy', 'no-referrer');
    }
    done(null, payload);
  });
}

/**
 * Serves the built back office (apps/back-office/dist) under /bo/: hashed files under /bo/assets/ cached for a year,
 * every other path without a file extension its index.html (the app's router takes it from there), never cached.
 */
export async function installBackOfficeApp(app: FastifyInstance, dist: string) {
  const indexPath = path.join(dist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ dist }, 'no back-office build found: /bo/ is not served (run `npm run build`)');
    return;
  }
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `${BACK_OFFICE_BASE}/`,
    decorateReply: false,
    wildcard: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (res, filePath) => {
      const insideAssets = path.relative(dist, filePath).startsWith(`assets${path.sep}`);
      res.header('cache-control', insideAssets ? IMMUTABLE : 'no-cache');
    },
  });
  const page = { schema: { hide: true } };
  app.get(BACK_OFFICE_BASE, page, async (_request, reply) => reply.redirect(`${BACK_OFFICE_BASE}/`));
  app.get(`${BACK_OFFICE_BASE}/*`, page, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (lastSegment.includes('.') || isApiPath(pathname)) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(indexHtml);
  });
}
