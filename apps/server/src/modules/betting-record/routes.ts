import { getBettingRecord, getPersonalProfit } from '@tessera/contract/api/betting-record';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { resolveLanguage } from '../catalogue/language.js';
import { sessionMemberId } from '../responsible-gaming/session-member.js';
import { BettingRecordService } from './service.js';

/** Betting record and personal profit and loss (members centre personalHistoryCopy, personalProfit). */
export function bettingRecordRoutes(app: FastifyInstance, services: AppServices) {
  const records = new BettingRecordService(services.db);

  registerCall(app, services, getBettingRecord, async (request) => {
    const language = resolveLanguage(undefined, request.headers[HEADERS.language], request.siteSettings.product);
    return records.list(request.merchantCode, sessionMemberId(request), language, request.query);
  });
  registerCall(app, services, getPersonalProfit, async (request) =>
    records.profit(request.merchantCode, sessionMemberId(request), request.query),
  );
}
