import * as api from '@tessera/contract/api/back-office-agent-contracts';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AgentContractsService } from './service.js';

/** The back office's agent contracts: the list with statuses and chains, and the operator's audited termination. */
export function agentContractBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { agentContracts }: { agentContracts: AgentContractsService },
) {
  registerCall(app, http, api.contractList, async (request) => agentContracts.list(request.merchantCode, request.query));
  registerCall(app, http, api.contractTerminate, async (request) =>
    agentContracts.operatorTerminate(request.merchantCode, BigInt(request.body.id), request.body.reason.trim(), {
      actor: staffOf(request).name,
      kind: 'staff',
      ip: request.ip,
    }),
  );
}
