import * as api from '@tessera/contract/api/back-office-promotions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AuditActor } from '../audit-log/service.js';
import type { PromotionsAdmin } from './admin-service.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });
const defaultLanguageOf = (request: FastifyRequest) => request.siteSettings.product.defaultLang;

export function promotionBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { promotionsAdmin }: { promotionsAdmin: PromotionsAdmin },
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
}
