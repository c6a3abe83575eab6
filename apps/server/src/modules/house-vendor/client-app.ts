import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HOUSE_GAMES_BASE, ORIGINALS_PAGE } from './adapter.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built house-games client (apps/house-games) under /house-games/: hashed assets cached for a
 * year, the page itself for every `/house-games/<game>/` (the client reads its game from the session).
 * Without a build (API-only runs, tests) nothing is registered and those paths fall through to the site.
 */
export async function installHouseGamesClient(app: FastifyInstance, dist: string): Promise<void> {
  const indexPath = path.join(dist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ dist }, 'no house-games build found: house games cannot open (run `npm run build`)');
    return;
  }
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  // The lottery games share their own page (apps/house-games/lottery/index.html) at /house-games/lottery/.
  const lotteryPath = path.join(dist, 'lottery', 'index.html');
  const lotteryHtml = fs.existsSync(lotteryPath) ? fs.readFileSync(lotteryPath, 'utf8') : indexHtml;
  // The instant games share theirs too (apps/house-games/originals/index.html).
  const originalsPath = path.join(dist, ORIGINALS_PAGE, 'index.html');
  const originalsHtml = fs.existsSync(originalsPath) ? fs.readFileSync(originalsPath, 'utf8') : indexHtml;
  const pages: Record<string, string> = { lottery: lotteryHtml, [ORIGINALS_PAGE]: originalsHtml };
  await app.register(fastifyStatic, {
    root: path.join(dist, 'assets'),
    prefix: `${HOUSE_GAMES_BASE}/assets/`,
    decorateReply: false,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.header('cache-control', IMMUTABLE),
  });
  // A page, not an API call: kept out of the OpenAPI document like the static files.
  app.get<{ Params: { game: string } }>(`${HOUSE_GAMES_BASE}/:game/`, { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(pages[request.params.game] ?? indexHtml),
  );
}
