import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * The back office's agent contracts (api/back-office-agent-contracts.ts): every contract with its status and parties
 * (`players.view`), and the operator's termination (`contracts.manage`, audited). The per-merchant limits and
 * templates are the settings key `agentContracts` (settings screen).
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

export const CONTRACT_LIST_PAGE_SIZES = [25, 50, 100] as const;

export const contractList = {
  id: 'bo.agentContracts',
  method: 'GET',
  path: '/bo/api/agent-contracts',
  auth: 'staff',
  permission: 'players.view',
} as const satisfies BackOfficeRoute;

export const contractTerminate = {
  id: 'bo.agentContracts.terminate',
  method: 'POST',
  path: '/bo/api/agent-contracts/terminate',
  auth: 'staff',
  permission: 'contracts.manage',
} as const satisfies BackOfficeRoute;
