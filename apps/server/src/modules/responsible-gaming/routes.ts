import { getPlayerProtection, setDepositLimit, startExclusion } from '@tessera/contract/api/responsible-gaming';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { ResponsibleGamingService } from './service.js';
import { sessionMemberId } from './session-member.js';

/** The member's own player-protection settings; every call acts on the session's member only. */
export function responsibleGamingRoutes(app: FastifyInstance, services: AppServices) {
  const rg = new ResponsibleGamingService(services.db);

  registerCall(app, services, getPlayerProtection, async (request) =>
    rg.protection(request.merchantCode, sessionMemberId(request)),
  );
  registerCall(app, services, setDepositLimit, async (request) =>
    rg.setDepositLimit(
      request.merchantCode,
      sessionMemberId(request),
      request.body.period,
      request.body.limitMinor === null ? null : BigInt(request.body.limitMinor),
    ),
  );
  registerCall(app, services, startExclusion, async (request) =>
    rg.startExclusion(request.merchantCode, sessionMemberId(request), request.body.duration),
  );
}
