import { getRankList } from '@tessera/contract/api/winners';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance } from 'fastify';
import { registerRelay } from '../../http/relay.js';
import type { AppServices } from '../../http/services.js';
import { resolveLanguage } from '../catalogue/language.js';
import { WinnersService } from './service.js';

/** The winners board (spec §7.3 GCSGAME_getRankList): token-free, the request's merchant only. */
export function winnersRoutes(app: FastifyInstance, services: AppServices) {
  const winners = new WinnersService(services.db);

  registerRelay(app, services, getRankList, async (request) => {
    const { board = 'top', period = 'week', gameCategory, limitNum = 10, language } = request.query;
    const list = await winners.board({
      merchantCode: request.merchantCode,
      board,
      period,
      gameCategory,
      language: resolveLanguage(language, request.headers[HEADERS.language], request.siteSettings.product),
      limit: limitNum,
    });
    return { board, period, list };
  });
}
