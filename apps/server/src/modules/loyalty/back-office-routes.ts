import * as api from '@tessera/contract/api/back-office-loyalty';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AuditActor } from '../audit-log/service.js';
import type { LoyaltyAdmin } from './admin-service.js';
import type { MissionAdmin } from './mission-admin.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });
const defaultLanguageOf = (request: FastifyRequest) => request.siteSettings.product.defaultLang;
/** The back office reads in English, item names falling back to the merchant's default language. */
const languageOf = (request: FastifyRequest) => ({ requested: 'en', fallback: defaultLanguageOf(request) });

export function loyaltyBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { loyaltyAdmin, missionAdmin }: { loyaltyAdmin: LoyaltyAdmin; missionAdmin: MissionAdmin },
) {
  registerCall(app, http, api.mallItemList, async (request) => ({ items: await loyaltyAdmin.items(request.merchantCode) }));
  registerCall(app, http, api.mallItemCreate, async (request) =>
    loyaltyAdmin.createItem(request.merchantCode, request.body, defaultLanguageOf(request), actorOf(request)),
  );
  registerCall(app, http, api.mallItemUpdate, async (request) => {
    const { id, ...input } = request.body;
    return loyaltyAdmin.updateItem(request.merchantCode, BigInt(id), input, defaultLanguageOf(request), actorOf(request));
  });
  registerCall(app, http, api.redemptionList, async (request) => ({
    items: await loyaltyAdmin.queue(request.merchantCode, request.query.status, languageOf(request)),
  }));
  registerCall(app, http, api.redemptionDecide, async (request) =>
    loyaltyAdmin.decide(
      request.merchantCode,
      BigInt(request.body.id),
      { decision: request.body.decision, remark: request.body.remark.trim() },
      languageOf(request),
      actorOf(request),
    ),
  );
  registerCall(app, http, api.missionList, async (request) => ({ items: await missionAdmin.list(request.merchantCode) }));
  registerCall(app, http, api.missionCreate, async (request) =>
    missionAdmin.create(request.merchantCode, request.body, defaultLanguageOf(request), actorOf(request)),
  );
  registerCall(app, http, api.missionUpdate, async (request) => {
    const { id, ...input } = request.body;
    return missionAdmin.update(request.merchantCode, BigInt(id), input, defaultLanguageOf(request), actorOf(request));
  });
  registerCall(app, http, api.missionStop, async (request) =>
    missionAdmin.stop(request.merchantCode, BigInt(request.body.id), actorOf(request)),
  );
  registerCall(app, http, api.missionResume, async (request) =>
    missionAdmin.resume(request.merchantCode, BigInt(request.body.id), actorOf(request)),
  );
}
