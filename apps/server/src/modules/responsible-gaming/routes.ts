import { getPlayerProtection, setDepositLimit, startExclusion } from '@tessera/contract/api/responsible-gaming';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { ResponsibleGamingService } from './service.js';

/** The member's own player-protection settings; every call acts on the session's member only. */
export function responsibleGamingRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { responsibleGaming: rg }: { responsibleGaming: ResponsibleGamingService },
) {
  registerCall(app, http, getPlayerProtection, async (request) => rg.protection(request.merchantCode, memberOf(request)));
  registerCall(app, http, setDepositLimit, async (request) =>
    rg.setDepositLimit(
      request.merchantCode,
      memberOf(request),
      request.body.period,
      request.body.limitMinor === null ? null : BigInt(request.body.limitMinor),
    ),
  );
  registerCall(app, http, startExclusion, async (request) =>
    rg.startExclusion(request.merchantCode, memberOf(request), request.body.duration),
  );
}
