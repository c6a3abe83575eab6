import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the agent contracts' calls (api/agent-contracts.ts): the consolidated contract settings,
 * an agent's contracts of one kind, and spec 7.4's four calls that offer, accept, reject and terminate them. Agents
 * only (spec §6).
 */

/** The page size of the contracts an agent offers downward. */
export const OFFERED_PAGE_SIZE = 20;
/** How many of the contracts received from the upline a page shows, newest first. */
export const RECEIVED_SHOWN = 20;
/** How many direct downline agents the offer form suggests. */
export const DOWNLINES_SHOWN = 200;

export const contractSettings = {
  id: 'agentContracts.settings',
  method: 'GET',
  path: '/wps/agent/contracts/settings',
  auth: 'token',
} as const satisfies CallRoute;

export const contracts = {
  id: 'agentContracts.list',
  method: 'GET',
  path: '/wps/agent/contracts',
  auth: 'token',
} as const satisfies CallRoute;

export const processDividend = {
  id: 'agentContracts.dividend',
  method: 'POST',
  path: '/wps/relay/MCS2_processDividendReq',
  auth: 'token',
} as const satisfies CallRoute;

export const processDailySalary = {
  id: 'agentContracts.dailySalary',
  method: 'POST',
  path: '/wps/relay/MCS2_processDailySalContract',
  auth: 'token',
} as const satisfies CallRoute;

export const processHourlySalary = {
  id: 'agentContracts.hourlySalary',
  method: 'POST',
  path: '/wps/relay/MCS2_processContractHourSalary',
  auth: 'token',
} as const satisfies CallRoute;

export const processRealTimeSalary = {
  id: 'agentContracts.realTimeSalary',
  method: 'POST',
  path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  auth: 'token',
} as const satisfies CallRoute;

/** Each kind's call of spec 7.4. */
export const PROCESS_ROUTES = {
  dividend: processDividend,
  dailySalary: processDailySalary,
  hourlySalary: processHourlySalary,
  realTimeSalary: processRealTimeSalary,
} as const;
