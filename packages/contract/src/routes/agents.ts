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

/** The page sizes of the agent centre's reports (team betting, user P&L, account details). */
export const AGENT_REPORT_PAGE_SIZES = [20, 50, 100] as const;
/** The longest range of the account details (days, both ends included). */
export const ACCOUNT_DETAILS_MAX_DAYS = 31;
/** How team betting groups the downline's bets. */
export const TEAM_BET_GROUPINGS = ['member', 'game', 'vendor'] as const;
/** What the user P&L sorts by. */
export const USER_PROFIT_SORTS = ['account', 'validBets', 'profit', 'deposits', 'withdrawals', 'bonuses'] as const;
/** The downline's ledger transactions the account details list: money in, out, between members, and bonuses. */
export const ACCOUNT_DETAIL_TYPES = ['deposit', 'withdrawal', 'member_transfer', 'bonus', 'rebate'] as const;
/** Agent notices per page. */
export const AGENT_NOTICES_PER_PAGE = 10;

export const agentNotices = {
  id: 'agents.notices',
  method: 'GET',
  path: '/wps/agent/notices',
  auth: 'token',
} as const satisfies CallRoute;

export const agentNotice = {
  id: 'agents.notice',
  method: 'GET',
  path: '/wps/agent/notice',
  auth: 'token',
} as const satisfies CallRoute;

export const teamBetting = {
  id: 'agents.team.betting',
  method: 'GET',
  path: '/wps/agent/team/betting',
  auth: 'token',
} as const satisfies CallRoute;

export const userProfit = {
  id: 'agents.team.profit',
  method: 'GET',
  path: '/wps/agent/team/profit',
  auth: 'token',
} as const satisfies CallRoute;

export const accountDetails = {
  id: 'agents.team.transactions',
  method: 'GET',
  path: '/wps/agent/team/transactions',
  auth: 'token',
} as const satisfies CallRoute;
