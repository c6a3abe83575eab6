import { CONTRACT_KINDS } from '@tessera/contract/agent-contracts';
import * as api from '@tessera/contract/api/agent-contracts';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { AgentContractsService } from './service.js';

const PROCESS_CALLS = {
  dividend: api.processDividend,
  dailySalary: api.processDailySalary,
  hourlySalary: api.processHourlySalary,
  realTimeSalary: api.processRealTimeSalary,
} as const;

/** The agent contracts' calls: agents only, each checked by the service. */
export function agentContractRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { agentContracts }: { agentContracts: AgentContractsService },
) {
  registerCall(app, http, api.contractSettings, async (request) =>
    agentContracts.consolidated(request.merchantCode, memberOf(request), request.siteSettings),
  );
  registerCall(app, http, api.contracts, async (request) =>
    agentContracts.page(
      request.merchantCode,
      memberOf(request),
      request.query.kind,
      request.query.page ?? 1,
      request.siteSettings,
    ),
  );
  for (const kind of CONTRACT_KINDS) {
    registerCall(app, http, PROCESS_CALLS[kind], async (request) =>
      agentContracts.process(request.merchantCode, memberOf(request), kind, request.body, request.siteSettings),
    );
  }
}
