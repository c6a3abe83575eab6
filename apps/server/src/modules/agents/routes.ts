import * as api from '@tessera/contract/api/agents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerEncryptedCall } from '../../http/register-encrypted-call.js';
import { answerLanguage, memberOf, requestedLanguage } from '../../http/request-context.js';
import type { AgentsService } from './service.js';

const showsBalance = (request: FastifyRequest) => request.siteSettings.agents.showDownlineBalance;

/** The agent centre's calls: agents only, each checked by the service. */
export function agentRoutes(app: FastifyInstance, http: HttpContext, { agents }: { agents: AgentsService }) {
  registerCall(app, http, api.agentCentre, async (request) =>
    agents.centre(request.merchantCode, memberOf(request), showsBalance(request)),
  );
  registerCall(app, http, api.teamOverview, async (request) =>
    agents.overview(request.merchantCode, memberOf(request), request.query.fromDay, request.query.toDay),
  );
  registerCall(app, http, api.teamMembers, async (request) =>
    agents.team(request.merchantCode, memberOf(request), request.query, showsBalance(request)),
  );
  registerCall(app, http, api.teamMember, async (request) =>
    agents.teamMember(request.merchantCode, memberOf(request), BigInt(request.query.id), showsBalance(request)),
  );
  const reader = (request: FastifyRequest) => ({
    merchantCode: request.merchantCode,
    platform: 'W' as const,
    language: requestedLanguage(request),
    defaultLanguage: request.siteSettings.product.defaultLang,
  });
  registerCall(app, http, api.agentNotices, async (request) =>
    agents.notices(reader(request), memberOf(request), request.query.page ?? 1),
  );
  registerCall(app, http, api.agentNotice, async (request) =>
    agents.notice(reader(request), memberOf(request), BigInt(request.query.id)),
  );
  registerCall(app, http, api.teamBetting, async (request) =>
    agents.teamBetting(request.merchantCode, memberOf(request), request.query, answerLanguage(request)),
  );
  registerCall(app, http, api.userProfit, async (request) =>
    agents.userProfit(request.merchantCode, memberOf(request), request.query),
  );
  registerCall(app, http, api.accountDetails, async (request) =>
    agents.accountDetails(request.merchantCode, memberOf(request), request.query),
  );
  registerEncryptedCall(app, http, api.registerDownline, async (request) =>
    agents.registerDownline(
      { merchantCode: request.merchantCode, ip: request.ip, settings: request.siteSettings, language: answerLanguage(request) },
      memberOf(request),
      request.body,
    ),
  );
}
