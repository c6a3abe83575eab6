import * as api from '@tessera/contract/api/raffles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../../http/http-context.js';
import { registerCall } from '../../../http/register-call.js';
import { memberOf, optionalMemberOf, staffOf } from '../../../http/request-context.js';
import type { AuditActor } from '../../audit-log/service.js';
import type { RaffleAdminService } from './admin.js';
import type { RaffleService } from './service.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });

export function raffleRoutes(app: FastifyInstance, http: HttpContext, { raffles }: { raffles: RaffleService }) {
  registerCall(app, http, api.getRaffle, async (request) =>
    raffles.view(request.merchantCode, optionalMemberOf(request) ?? null, BigInt(request.query.promotionId)),
  );
  registerCall(app, http, api.getRaffleTickets, async (request) => ({
    list: await raffles.ticketList(request.merchantCode, BigInt(request.query.promotionId)),
  }));
  registerCall(app, http, api.claimRafflePromotion, async (request) =>
    raffles.claim(request.merchantCode, memberOf(request), BigInt(request.body.promotionId)),
  );
}

export function raffleBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { raffleAdmin }: { raffleAdmin: RaffleAdminService },
) {
  registerCall(app, http, api.raffleSettings, async (request) =>
    raffleAdmin.get(request.merchantCode, BigInt(request.query.promotionId)),
  );
  registerCall(app, http, api.raffleSave, async (request) =>
    raffleAdmin.save(request.merchantCode, request.body, actorOf(request)),
  );
  registerCall(app, http, api.raffleDrawNow, async (request) =>
    raffleAdmin.drawNow(request.merchantCode, BigInt(request.body.promotionId), actorOf(request)),
  );
}
