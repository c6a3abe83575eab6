import { type Static, Type } from 'typebox';
import { CONTRACT_KINDS, CONTRACT_PERIODS } from '../agent-contracts.js';
import * as routes from '../routes/agent-income.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { MinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * Settlement statements of agent contracts (docs/decisions.md, "Agent settlement"): one per closed period of a
 * contract, with what it was computed from (the team of that period, its figures, the tier met and its rate), the
 * negative carry of a dividend, what the downline's own contracts took, and what was paid. The agent reads their own in
 * "my income"; the back office reads every one, exports them, and reviews them when the merchant asks for review.
 */

const TAGS = ['agents'];
const BO_TAGS = ['back-office'];
const bypassesGate = true;
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'A day (YYYY-MM-DD) in the report time zone' });

/** One part of a period's pay: an hour of an hourly salary, or the won or lost bets of a real-time salary. */
export const StatementLine = Type.Object({
  part: Type.Union([Type.Literal('hour'), Type.Literal('won'), Type.Literal('lost')]),
  from: Type.Union([EpochMs('The hour’s start'), Type.Null()]),
  validBetMinor: MinorAmount,
  count: Type.Integer({ minimum: 0, description: 'Active members of the hour, or the bets counted' }),
  tier: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'The tier met (1 = lowest), or none' }),
  rate: Type.Integer({ minimum: 0, description: 'Basis points' }),
  amountMinor: MinorAmount,
});
export type StatementLine = Static<typeof StatementLine>;

export const Statement = Type.Object({
  id: RowId,
  contractId: RowId,
  kind: Type.Enum(CONTRACT_KINDS),
  period: Type.Enum(CONTRACT_PERIODS),
  agent: Type.String({ description: 'The account paid: the contract’s downline' }),
  upline: Type.String({ description: 'The account that offered the contract' }),
  periodStart: EpochMs('Inclusive'),
  periodEnd: EpochMs('Exclusive'),
  teamSize: Type.Integer({ minimum: 0, description: 'Everyone in the agent’s team at some moment of the period' }),
  activeMembers: Type.Integer({ minimum: 0, description: 'Team members with a bet in the period' }),
  validBetMinor: MinorAmount,
  payoutMinor: MinorAmount,
  netLossMinor: { ...MinorAmount, description: 'Valid bets less payouts: the team’s loss (negative when it won)' },
  tier: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'The tier met (1 = lowest), or none' }),
  rate: Type.Integer({ minimum: 0, description: 'The tier’s rate, basis points (0: none met)' }),
  lines: Type.Array(StatementLine),
  carryInMinor: { ...MinorAmount, description: 'A dividend’s loss carried from earlier periods (0 or negative)' },
  carryOutMinor: { ...MinorAmount, description: 'A dividend’s loss carried to the next period (0 or negative)' },
  grossMinor: { ...MinorAmount, description: 'What the contract earns on the whole team' },
  downlinePaidMinor: { ...MinorAmount, description: 'What the downline’s own contracts of the kind earned in the period' },
  amountMinor: { ...MinorAmount, description: 'Gross less the downline’s part: what the agent is paid' },
  status: Type.Enum(routes.STATEMENT_STATUSES),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'The operator’s reason to hold or reject' }),
  createdAt: EpochMs('When it was computed'),
  paidAt: Type.Union([EpochMs('When it was paid'), Type.Null()]),
});
export type Statement = Static<typeof Statement>;

const Totals = Type.Object({
  paidMinor: MinorAmount,
  pendingMinor: { ...MinorAmount, description: 'Waiting for the operator’s review' },
  heldMinor: MinorAmount,
});

export const IncomeQuery = Type.Object(
  {
    kind: Type.Optional(Type.Enum(CONTRACT_KINDS)),
    status: Type.Optional(Type.Enum(routes.STATEMENT_STATUSES)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  },
  { additionalProperties: false },
);
export type IncomeQuery = Static<typeof IncomeQuery>;

export const Income = Type.Object({
  statements: Type.Array(Statement),
  total: Type.Integer({ minimum: 0 }),
  totals: Totals,
});
export type Income = Static<typeof Income>;

export const myIncome = defineCall(routes.myIncome, {
  tags: TAGS,
  summary: 'The agent’s settlement statements, newest period first, by kind and status, with the paid, pending and held totals',
  querystring: IncomeQuery,
  value: Income,
});

export const myIncomeStatement = defineCall(routes.myIncomeStatement, {
  tags: TAGS,
  summary: 'One of the agent’s statements with its detail (404 for anyone else’s)',
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Statement,
});

export const StatementFilter = Type.Object(
  {
    agent: Type.Optional(Type.String({ maxLength: 64, description: 'The paid agent’s account' })),
    kind: Type.Optional(Type.Enum(CONTRACT_KINDS)),
    status: Type.Optional(Type.Enum(routes.STATEMENT_STATUSES)),
    fromDay: Type.Optional({ ...Day, description: 'Periods ending on or after this day' }),
    toDay: Type.Optional({ ...Day, description: 'Periods ending on or before this day' }),
    run: Type.Optional({ ...RowId, description: 'The settlement run that computed them' }),
  },
  { additionalProperties: false },
);
export type StatementFilter = Static<typeof StatementFilter>;

export const statementList = defineCall(routes.statementList, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Settlement statements, newest first, by agent, kind, status and period, paged, with the totals of the filter',
  querystring: Type.Object(
    {
      ...StatementFilter.properties,
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
      pageSize: Type.Optional(Type.Enum(routes.STATEMENT_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ statements: Type.Array(Statement), total: Type.Integer({ minimum: 0 }), totals: Totals }),
});

export const statementExport = defineCall(routes.statementExport, {
  tags: BO_TAGS,
  bypassesGate,
  summary: `The statements the list shows as CSV text, newest first (up to ${routes.STATEMENT_EXPORT_MAX} rows)`,
  querystring: StatementFilter,
  value: Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() }),
});

/** A settlement run that computed statements of the merchant, with what they came to. */
export const SettlementRun = Type.Object({
  id: RowId,
  startedAt: EpochMs('When the run started'),
  statements: Type.Integer({ minimum: 0, description: 'The merchant’s statements it computed' }),
  amountMinor: { ...MinorAmount, description: 'What they came to' },
  paidMinor: { ...MinorAmount, description: 'What of it is paid by now' },
});
export type SettlementRun = Static<typeof SettlementRun>;

export const runList = defineCall(routes.runList, {
  tags: BO_TAGS,
  bypassesGate,
  summary: `The latest ${routes.RUNS_SHOWN} settlement runs that computed statements of the merchant, newest first`,
  value: Type.Object({ runs: Type.Array(SettlementRun) }),
});

export const statementAction = defineCall(routes.statementAction, {
  tags: BO_TAGS,
  bypassesGate,
  summary:
    'Reviews a statement: approve pays it, hold and release move it out of and back into the queue, reject refuses it; audited',
  body: Type.Object(
    {
      id: RowId,
      action: Type.Enum(routes.STATEMENT_ACTIONS),
      reason: Type.Optional(Type.String({ minLength: 3, maxLength: 200, pattern: '\\S' })),
    },
    { additionalProperties: false },
  ),
  value: Statement,
});
