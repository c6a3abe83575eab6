import type { FeatureName } from '@tessera/contract/features';
import type { ParseKeys } from 'i18next';

/** Spec §5, §9: the agent types that open the agent centre; agent-centre.test.ts checks them against the contract. */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

export const isAgentType = (agentType: number | null) => agentType !== null && AGENT_TYPES.includes(agentType);

/**
 * Spec 2.5: the agent centre's entries in the spec's order, each with its page key; the four contract entries only
 * when their whitelabel feature is on. An entry whose page is not registered (app/agent-centre/pages.ts) is hidden.
 */
export const AGENT_CENTRE_ENTRIES = [
  { page: 'agentAnnouncement', label: 'agents.entry.announcement', feature: null },
  { page: 'agentTeamOverview', label: 'agents.entry.team_overview', feature: null },
  { page: 'agentRegister', label: 'agents.entry.register', feature: null },
  { page: 'agentTeamManagement', label: 'agents.entry.team_management', feature: null },
  { page: 'agentTeamBetting', label: 'agents.entry.team_betting', feature: null },
  { page: 'agentUserProfit', label: 'agents.entry.user_profit', feature: null },
  { page: 'agentIncome', label: 'agents.entry.income', feature: null },
  { page: 'agentAccountDetails', label: 'agents.entry.account_details', feature: null },
  { page: 'agentDividend', label: 'agents.entry.dividend', feature: 'dividend' },
  { page: 'agentDailySalary', label: 'agents.entry.daily_salary', feature: 'dailySalary' },
  { page: 'agentHourlySalary', label: 'agents.entry.hourly_salary', feature: 'hourlySalary' },
  { page: 'agentRealTimeSalary', label: 'agents.entry.real_time_salary', feature: 'realTimeSalary' },
] as const satisfies readonly { page: string; label: ParseKeys; feature: FeatureName | null }[];

export type AgentCentrePageKey = (typeof AGENT_CENTRE_ENTRIES)[number]['page'];
export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePageKey = 'agentTeamOverview';
/** The URL parameter that opens the overlay on a page (a reload keeps the page). */
export const AGENT_CENTRE_PARAM = 'ac';
