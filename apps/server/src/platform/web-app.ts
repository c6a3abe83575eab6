import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isSitePath } from '@tessera/contract/site-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type BootData, renderIndex } from './boot-data.js';
import { ON_THE_FLY_BROTLI } from './compression.js';
import { loadHomePrerender } from './prerender.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The encodings a browser accepts (q above 0), from its Accept-Encoding header. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The page compressed by hand: the compression plugin works through route hooks, and the pages are sent by the
 * not-found handler. Brotli as the plugin compresses, else gzip: with its boot data and prerendered markup
 * the home page is about 30 KB, about 8 KB compressed, and it is on the critical path of the first paint.
 */
function encodePage(html: string, acceptEncoding: string | undefined): { body: Buffer | string; encoding?: string } {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) {
    return { body: zlib.brotliCompressSync(html, ON_THE_FLY_BROTLI), encoding: 'br' };
  }
  if (accepted.has('gzip')) return { body: zlib.gzipSync(html), encoding: 'gzip' };
  return { body: html };
}

/**
 * Serves the built player site: hashed files under /assets/ are cached for a year, everything else is
 * revalidated. Any other GET outside the API prefixes gets index.html so a reload of /vip works: with 200 on the
 * site's routes (SITE_PATHS, the web's route table), with 404 elsewhere, where the app shows its not-found page; a
 * missing file (a path with an extension, except .html) stays a bare 404. Those pages carry this request's boot
 * data (boot-data.ts), the home page also its prerendered markup (prerender.ts); /index.html itself is the static
 * file, the service worker's offline shell, so the shell never holds a status or announcements answer.
 * Returns the fallback handler, or a handler that declines when there is no build (API-only runs).
 */
export async function installWebApp(
  app: FastifyInstance,
  webDist: string,
  loadBootData: (request: FastifyRequest) => Promise<BootData | null>,
  /** The page's content security policy: its merchant's (security-headers.ts, pagePolicy). */
  policyOf: (request: FastifyRequest) => Promise<string>,
) {
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
    // The build writes each compressible file also as .br and .gz (apps/web/vite.config.ts): sent as they are,
    // instead of compressing the same bytes again on every request.
    preCompressed: true,
    // The server's own prerender module (prerender.ts) sits in the build but is not part of the site.
    allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
    setHeaders: (res, filePath) => {
      const insideAssets = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
      res.header('cache-control', insideAssets ? IMMUTABLE : 'no-cache');
    },
  });

  const prerender = await loadHomePrerender(webDist, app.log);
  const prerendered = async (request: FastifyRequest, pathname: string, data: BootData) => {
    if (!prerender) return null;
    try {
      return await prerender(pathname, data);
    } catch (error) {
      // The page without it still works: it paints once its scripts have run.
      request.log.error({ err: error }, 'home page prerender failed');
      return null;
    }
  };
  const page = async (request: FastifyRequest, pathname: string) => {
    try {
      const data = await loadBootData(request);
      return data ? renderIndex(indexHtml, data, pathname, await prerendered(request, pathname, data)) : indexHtml;
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
    // Resolves to the body, which Fastify sends: a handler that sent it itself and resolved to nothing would race
    // Fastify's own send while the onSend hooks still ran. private: the page carries this visitor's boot data
    // (their address, their merchant's status), which no shared cache may keep.
    return Promise.all([page(request, pathname), policyOf(request)]).then(([html, policy]) => {
      const { body, encoding } = encodePage(html, request.headers['accept-encoding']);
      reply
        .status(isSitePath(pathname) ? 200 : 404)
        .header('content-security-policy', policy)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding, cookie');
      if (encoding) reply.header('content-encoding', encoding);
      return body;
    });
  };
}
