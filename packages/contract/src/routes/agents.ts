import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the agent centre's calls (api/agents.ts), as plain data the browser imports without the
 * schema library. Every one answers agents only (spec §6: 'Non-agents cannot log in').
 */

/** The page sizes of the team list. */
export const TEAM_PAGE_SIZES = [20, 50, 100] as const;
/** The longest range the team overview sums (days, both ends included). */
export const TEAM_OVERVIEW_MAX_DAYS = 62;
/** What an agent may make of a new downline account: a member, or an agent of their own type. */
export const DOWNLINE_KINDS = ['member', 'agent'] as const;

export const agentCentre = {
  id: 'agents.centre',
  method: 'GET',
  path: '/wps/agent/centre',
  auth: 'token',
} as const satisfies CallRoute;

export const teamOverview = {
  id: 'agents.team.overview',
  method: 'GET',
  path: '/wps/agent/team/overview',
  auth: 'token',
} as const satisfies CallRoute;

export const teamMembers = {
  id: 'agents.team.members',
  method: 'GET',
  path: '/wps/agent/team/members',
  auth: 'token',
} as const satisfies CallRoute;

export const teamMember = {
  id: 'agents.team.member',
  method: 'GET',
  path: '/wps/agent/team/member',
  auth: 'token',
} as const satisfies CallRoute;

export const registerDownline = {
  id: 'agents.team.register',
  method: 'POST',
  path: '/wps/agent/team/register',
  auth: 'token',
  encrypted: true,
} as const satisfies CallRoute;
