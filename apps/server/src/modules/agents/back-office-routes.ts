import * as api from '@tessera/contract/api/back-office-agents';
import type { FastifyInstance } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AgentsService } from './service.js';

/** The back office's agents screen: the agents with their downline sizes, the moves, and moving a member. */
export function agentBackOfficeRoutes(app: FastifyInstance, http: HttpContext, { agents }: { agents: AgentsService }) {
  registerCall(app, http, api.agentList, async (request) => agents.agents(request.merchantCode, request.query));
  registerCall(app, http, api.agentExport, async (request) => {
    const { agents: rows, total } = await agents.agents(request.merchantCode, {
      q: request.query.q,
      page: 1,
      pageSize: api.AGENT_EXPORT_MAX,
    });
    return csvExport(
      ['account', 'agent type', 'status', 'upline', 'direct downline', 'whole team', 'created'],
      rows.map((row) => [
        row.account,
        String(row.agentType),
        row.status,
        row.upline ?? '',
        String(row.directCount),
        String(row.teamSize),
        new Date(row.createdAt).toISOString(),
      ]),
      total,
    );
  });
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
