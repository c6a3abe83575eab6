import * as api from '@tessera/contract/api/back-office-agents';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AgentsService } from './service.js';

/** The back office's agents screen: the agents with their downline sizes, the moves, and moving a member. */
export function agentBackOfficeRoutes(app: FastifyInstance, http: HttpContext, { agents }: { agents: AgentsService }) {
  registerCall(app, http, api.agentList, async (request) => agents.agents(request.merchantCode, request.query));
  registerCall(app, http, api.agentMoves, async (request) => ({
    moves: await agents.moves(request.merchantCode, request.query.member),
  }));
  registerCall(app, http, api.agentMove, async (request) =>
    agents.move(
      request.merchantCode,
      { member: request.body.member.trim(), toAgent: request.body.toAgent?.trim() ?? null, reason: request.body.reason.trim() },
      { actor: staffOf(request).name, kind: 'staff', ip: request.ip },
    ),
  );
}
