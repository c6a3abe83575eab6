import type { FeatureName } from '@tessera/contract/features';
import type { ParseKeys } from 'i18next';
import type { AgentCentrePageKey } from '../../lib/agent-centre';

/**
 * Spec 2.5: the agent centre's entries in the spec's order, each with its page key; the four contract entries only
 * when their whitelabel feature is on. An entry whose page is not registered (pages.ts) is hidden.
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
] as const satisfies readonly { page: AgentCentrePageKey; label: ParseKeys; feature: FeatureName | null }[];

export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePageKey = 'agentTeamOverview';
