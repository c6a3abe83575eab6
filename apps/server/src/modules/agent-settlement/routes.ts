import * as api from '@tessera/contract/api/agent-income';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { AgentSettlementService } from './service.js';

/** The agent centre's "my income": the agent's own statements (agents only, checked by the service). */
export function agentIncomeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { agentSettlement }: { agentSettlement: AgentSettlementService },
) {
  registerCall(app, http, api.myIncome, async (request) =>
    agentSettlement.income(request.merchantCode, memberOf(request), request.query),
  );
  registerCall(app, http, api.myIncomeStatement, async (request) =>
    agentSettlement.incomeStatement(request.merchantCode, memberOf(request), BigInt(request.query.id)),
  );
}
