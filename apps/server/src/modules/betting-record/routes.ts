import { getBettingRecord, getPersonalProfit } from '@tessera/contract/api/betting-record';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { answerLanguage, memberOf } from '../../http/request-context.js';
import type { BettingRecordService } from './service.js';

/** Betting record and personal profit and loss (members centre personalHistoryCopy, personalProfit). */
export function bettingRecordRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { bettingRecord: records }: { bettingRecord: BettingRecordService },
) {
  registerCall(app, http, getBettingRecord, async (request) => {
    const language = answerLanguage(request);
    return records.list(request.merchantCode, memberOf(request), language, request.query);
  });
  registerCall(app, http, getPersonalProfit, async (request) =>
    records.profit(request.merchantCode, memberOf(request), request.query),
  );
}
