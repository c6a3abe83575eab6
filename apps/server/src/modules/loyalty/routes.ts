import * as api from '@tessera/contract/api/loyalty';
import { LOYALTY_PAGE_SIZE } from '@tessera/contract/routes/loyalty';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerRelay } from '../../http/relay.js';
import { memberOf, optionalMemberOf, requestedLanguage } from '../../http/request-context.js';
import type { PointsService } from './points.js';
import type { LoyaltyService } from './service.js';

const languageOf = (request: FastifyRequest) => {
  const fallback = request.siteSettings.product.defaultLang;
  return { requested: requestedLanguage(request) ?? fallback, fallback };
};

const pageOf = (query: { page?: number; size?: number }) => ({ page: query.page ?? 1, size: query.size ?? LOYALTY_PAGE_SIZE });

export function loyaltyRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { loyalty, points }: { loyalty: LoyaltyService; points: PointsService },
) {
  registerCall(app, http, api.getVip, async (request) =>
    loyalty.overview(request.merchantCode, optionalMemberOf(request) ?? null),
  );
  registerRelay(app, http, api.getPointBalance, async (request) => points.balance(request.merchantCode, memberOf(request)));
  registerRelay(app, http, api.getPointReward, async (request) =>
    points.items(request.merchantCode, optionalMemberOf(request) ?? null, languageOf(request)),
  );
  registerRelay(app, http, api.redeemPointReward, async (request) =>
    points.redeem(request.merchantCode, memberOf(request), request.body, languageOf(request)),
  );
  registerRelay(app, http, api.getRedeemPointList, async (request) =>
    points.redemptions(memberOf(request), pageOf(request.query), languageOf(request)),
  );
  registerRelay(app, http, api.getPointConfig, async (request) => points.config(request.merchantCode));
  registerRelay(app, http, api.getPointDetails, async (request) =>
    points.details(request.merchantCode, memberOf(request), pageOf(request.query)),
  );
  registerRelay(app, http, api.convertPoint, async (request) =>
    points.convert(request.merchantCode, memberOf(request), request.body),
  );
}
