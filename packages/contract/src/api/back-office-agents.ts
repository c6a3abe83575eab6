import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-agents.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { RowId } from './row-id.js';

/** The back office's agents: who recruits how many, and moving a member (with everyone under them) to another agent. */

const TAGS = ['back-office'];
const bypassesGate = true;
const Account = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' });

export const AgentRow = Type.Object({
  id: RowId,
  merchantCode: Type.String(),
  account: Type.String(),
  agentType: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('frozen')]),
  upline: Type.Union([Type.String(), Type.Null()], { description: 'The direct upline’s account' }),
  directCount: Type.Integer({ minimum: 0 }),
  teamSize: Type.Integer({ minimum: 0, description: 'Everyone under the agent, any level' }),
  createdAt: EpochMs('When the account was created'),
});
export type AgentRow = Static<typeof AgentRow>;

export const agentList = defineCall(routes.agentList, {
  tags: TAGS,
  bypassesGate,
  summary:
    'Agents (types 1, 2, 41, 42) with their upline and downline sizes, by account prefix, in account order, paged; with `under`, the agents directly under that account (one level of the tree) and the chain down to it',
  querystring: Type.Object(
    {
      q: Type.Optional(Type.String({ maxLength: 64, description: 'An account name prefix' })),
      under: Type.Optional({ ...Account, description: 'An account: only the agents directly under it' }),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
      pageSize: Type.Optional(
        Type.Enum(routes.AGENT_LIST_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 }),
      ),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({
    agents: Type.Array(AgentRow),
    total: Type.Integer({ minimum: 0 }),
    chain: Type.Array(Type.String(), { description: 'With `under`: the accounts from the top of its tree down to it' }),
  }),
});

export const AgentMoveRow = Type.Object({
  id: RowId,
  member: Type.String(),
  from: Type.Union([Type.String(), Type.Null()], { description: 'The upline before (null: none)' }),
  to: Type.Union([Type.String(), Type.Null()], { description: 'The upline after (null: none)' }),
  movedMembers: Type.Integer({ minimum: 1, description: 'The member and everyone under them' }),
  reason: Type.String(),
  by: Type.String(),
  at: EpochMs('When it took effect'),
});
export type AgentMoveRow = Static<typeof AgentMoveRow>;

export const agentMoves = defineCall(routes.agentMoves, {
  tags: TAGS,
  bypassesGate,
  summary: 'The latest moves between agents, newest first, optionally of one member',
  querystring: Type.Object({ member: Type.Optional(Account) }, { additionalProperties: false }),
  value: Type.Object({ moves: Type.Array(AgentMoveRow) }),
});

export const agentMove = defineCall(routes.agentMove, {
  tags: TAGS,
  bypassesGate,
  summary:
    'Moves a member, with everyone under them, under another agent (or to no upline); the past stays with the agent of its time',
  body: Type.Object(
    {
      member: Account,
      toAgent: Type.Union([Account, Type.Null()], { description: 'The new upline agent’s account; null removes the upline' }),
      reason: Type.String({ minLength: 3, maxLength: 200, pattern: '\\S' }),
    },
    { additionalProperties: false },
  ),
  value: AgentMoveRow,
});

/** The most rows one export holds. */
export const AGENT_EXPORT_MAX = 5000;

export const agentExport = defineCall(routes.agentExport, {
  tags: TAGS,
  bypassesGate,
  summary: `The agents the list shows (by account prefix) as CSV text, in account order (up to ${AGENT_EXPORT_MAX} rows)`,
  querystring: Type.Object(
    { q: Type.Optional(Type.String({ maxLength: 64, description: 'An account name prefix' })) },
    { additionalProperties: false },
  ),
  value: Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() }),
});
