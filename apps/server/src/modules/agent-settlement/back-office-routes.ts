import * as api from '@tessera/contract/api/agent-income';
import { STATEMENT_EXPORT_MAX } from '@tessera/contract/routes/agent-income';
import type { FastifyInstance } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AgentSettlementService } from './service.js';

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** The back office's settlement statements: the list, its CSV, the runs that computed them, and the review actions (audited). */
export function agentSettlementBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { agentSettlement }: { agentSettlement: AgentSettlementService },
) {
  registerCall(app, http, api.statementList, async (request) => agentSettlement.statements(request.merchantCode, request.query));
  registerCall(app, http, api.statementExport, async (request) => {
    const { statements, total } = await agentSettlement.statements(request.merchantCode, {
      ...request.query,
      page: 1,
      pageSize: STATEMENT_EXPORT_MAX,
    });
    return csvExport(
      [
        'id',
        'contract',
        'kind',
        'agent',
        'upline',
        'period start',
        'period end',
        'team size',
        'active members',
        'valid bets',
        'payouts',
        'tier',
        'rate (bp)',
        'carry in',
        'carry out',
        'gross',
        'downline paid',
        'amount',
        'status',
        'reason',
        'paid at',
      ],
      statements.map((row) => [
        row.id,
        row.contractId,
        row.kind,
        row.agent,
        row.upline,
        iso(row.periodStart),
        iso(row.periodEnd),
        String(row.teamSize),
        String(row.activeMembers),
        row.validBetMinor,
        row.payoutMinor,
        row.tier === null ? '' : String(row.tier),
        String(row.rate),
        row.carryInMinor,
        row.carryOutMinor,
        row.grossMinor,
        row.downlinePaidMinor,
        row.amountMinor,
        row.status,
        row.reason ?? '',
        iso(row.paidAt),
      ]),
      total,
    );
  });
  registerCall(app, http, api.runList, async (request) => ({ runs: await agentSettlement.runs(request.merchantCode) }));
  registerCall(app, http, api.statementAction, async (request) =>
    agentSettlement.review(
      request.merchantCode,
      BigInt(request.body.id),
      request.body.action,
      request.body.reason?.trim() || null,
      { actor: staffOf(request).name, kind: 'staff', ip: request.ip },
    ),
  );
}
