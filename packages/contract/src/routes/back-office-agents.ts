import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * The back office's agent calls (api/back-office-agents.ts): the agents with their downline sizes (`players.view`)
 * and moving a member, with everyone under them, to another agent (`agents.manage`, audited).
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

export const AGENT_LIST_PAGE_SIZES = [25, 50, 100] as const;

export const agentList = {
  id: 'bo.agents',
  method: 'GET',
  path: '/bo/api/agents',
  auth: 'staff',
  permission: 'players.view',
} as const satisfies BackOfficeRoute;

export const agentMoves = {
  id: 'bo.agents.moves',
  method: 'GET',
  path: '/bo/api/agents/moves',
  auth: 'staff',
  permission: 'players.view',
} as const satisfies BackOfficeRoute;

export const agentMove = {
  id: 'bo.agents.move',
  method: 'POST',
  path: '/bo/api/agents/move',
  auth: 'staff',
  permission: 'agents.manage',
} as const satisfies BackOfficeRoute;

export const agentExport = {
  id: 'bo.agents.export',
  method: 'GET',
  path: '/bo/api/agents/export',
  auth: 'staff',
  permission: 'players.view',
} as const satisfies BackOfficeRoute;
