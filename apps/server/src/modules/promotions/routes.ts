import { getActiveBonus, getPromotion, joinPromotion, listPromotions } from '@tessera/contract/api/promotions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf, optionalMemberOf, requestedLanguage } from '../../http/request-context.js';
import type { PromotionsService } from './service.js';

const languageOf = (request: FastifyRequest) => ({
  requested: requestedLanguage(request),
  fallback: request.siteSettings.product.defaultLang,
});

export function promotionRoutes(app: FastifyInstance, http: HttpContext, { promotions }: { promotions: PromotionsService }) {
  registerCall(app, http, listPromotions, async (request) => ({
    list: await promotions.list(request.merchantCode, optionalMemberOf(request) ?? null, languageOf(request), request.query),
  }));
  registerCall(app, http, getPromotion, async (request) =>
    promotions.detail(
      request.merchantCode,
      optionalMemberOf(request) ?? null,
      BigInt(request.query.promotionId),
      languageOf(request),
    ),
  );
  registerCall(app, http, joinPromotion, async (request) =>
    promotions.join(request.merchantCode, memberOf(request), BigInt(request.body.promotionId), languageOf(request)),
  );
  registerCall(app, http, getActiveBonus, async (request) =>
    promotions.activeBonus(request.merchantCode, memberOf(request), languageOf(request)),
  );
}
