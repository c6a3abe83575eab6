import { getRankList } from '@tessera/contract/api/winners';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerRelay } from '../../http/relay.js';
import { answerLanguage } from '../../http/request-context.js';
import type { WinnersService } from './service.js';

/** The winners board (spec §7.3 GCSGAME_getRankList): token-free, the request's merchant only. */
export function winnersRoutes(app: FastifyInstance, http: HttpContext, { winners }: { winners: WinnersService }) {
  registerRelay(app, http, getRankList, async (request) => {
    const { board = 'top', period = 'week', gameCategory, limitNum = 10, language } = request.query;
    const list = await winners.board({
      merchantCode: request.merchantCode,
      board,
      period,
      gameCategory,
      language: answerLanguage(request, language),
      limit: limitNum,
    });
    return { board, period, list };
  });
}
