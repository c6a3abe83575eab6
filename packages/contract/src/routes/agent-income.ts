import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * Settlement of agent contracts (api/agent-income.ts): the agent's own statements in the agent centre's "my income"
 * page, and the back office's statements, review queue and actions. Plain data the browser imports without the schema
 * library.
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** What became of a period's statement: nothing to pay, waiting for the operator, held, paid, or refused. */
export const STATEMENT_STATUSES = ['nothing', 'review', 'held', 'paid', 'rejected'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** The operator's actions on a statement waiting for review. */
export const STATEMENT_ACTIONS = ['approve', 'hold', 'release', 'reject'] as const;
export type StatementAction = (typeof STATEMENT_ACTIONS)[number];

export const INCOME_PAGE_SIZE = 20;
export const STATEMENT_PAGE_SIZES = [25, 50, 100] as const;
/** The most rows a CSV export of statements holds. */
export const STATEMENT_EXPORT_MAX = 10_000;

export const myIncome = {
  id: 'agents.income',
  method: 'GET',
  path: '/wps/agent/income',
  auth: 'token',
} as const satisfies CallRoute;

export const myIncomeStatement = {
  id: 'agents.income.statement',
  method: 'GET',
  path: '/wps/agent/income/statement',
  auth: 'token',
} as const satisfies CallRoute;

export const statementList = {
  id: 'bo.agentSettlements',
  method: 'GET',
  path: '/bo/api/agent-settlements',
  auth: 'staff',
  permission: 'players.view',
} as const satisfies BackOfficeRoute;

export const statementExport = {
  id: 'bo.agentSettlements.export',
  method: 'GET',
  path: '/bo/api/agent-settlements/export',
  auth: 'staff',
  permission: 'players.view',
} as const satisfies BackOfficeRoute;

/** How many settlement runs the back office lists. */
export const RUNS_SHOWN = 20;

export const runList = {
  id: 'bo.agentSettlements.runs',
  method: 'GET',
  path: '/bo/api/agent-settlements/runs',
  auth: 'staff',
  permission: 'players.view',
} as const satisfies BackOfficeRoute;

export const statementAction = {
  id: 'bo.agentSettlements.action',
  method: 'POST',
  path: '/bo/api/agent-settlements/action',
  auth: 'staff',
  permission: 'contracts.manage',
} as const satisfies BackOfficeRoute;
