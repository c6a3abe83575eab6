import * as api from '@tessera/contract/api/back-office-promotions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { requestedLanguage, staffOf } from '../../http/request-context.js';
import type { StaffActor } from '../approvals/service.js';
import type { AuditActor } from '../audit-log/service.js';
import type { PromotionsAdmin } from './admin-service.js';
import type { PromotionReviews } from './reviews.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });
const defaultLanguageOf = (request: FastifyRequest) => request.siteSettings.product.defaultLang;
const staffActorOf = (request: FastifyRequest): StaffActor => {
  const staff = staffOf(request);
  return { staffId: staff.staffId, name: staff.name, permissions: staff.permissions, ip: request.ip };
};

export function promotionBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { promotionsAdmin, promotionReviews }: { promotionsAdmin: PromotionsAdmin; promotionReviews: PromotionReviews },
) {
  registerCall(app, http, api.promotionList, async (request) => ({
    items: await promotionsAdmin.list(request.merchantCode, request.query.state),
  }));
  registerCall(app, http, api.promotionCreate, async (request) =>
    promotionsAdmin.create(request.merchantCode, request.body, defaultLanguageOf(request), actorOf(request)),
  );
  registerCall(app, http, api.promotionUpdate, async (request) => {
    const { id, ...input } = request.body;
    return promotionsAdmin.update(request.merchantCode, BigInt(id), input, defaultLanguageOf(request), actorOf(request));
  });
  registerCall(app, http, api.promotionClose, async (request) =>
    promotionsAdmin.close(request.merchantCode, BigInt(request.body.id), actorOf(request)),
  );
  registerCall(app, http, api.promotionReviews, async (request) => ({
    items: await promotionReviews.list(request.merchantCode, staffActorOf(request), {
      requested: requestedLanguage(request),
      fallback: defaultLanguageOf(request),
    }),
  }));
  registerCall(app, http, api.promotionReviewApprove, async (request) =>
    promotionReviews.approve(request.merchantCode, staffActorOf(request), BigInt(request.body.claimId)),
  );
  registerCall(app, http, api.promotionReviewReject, async (request) => {
    await promotionReviews.reject(request.merchantCode, staffActorOf(request), BigInt(request.body.claimId), request.body.reason);
    return null;
  });
}
