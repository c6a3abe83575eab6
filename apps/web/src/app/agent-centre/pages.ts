import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { AgentCentrePageKey } from '../../lib/agent-centre';

/**
 * The agent-centre page registry: ONE line per page, `pageKey: lazy(() => import(...))`, the module default-exporting
 * its page. An entry whose page is not listed here is not shown.
 */
export const AGENT_CENTRE_PAGES: Partial<Record<AgentCentrePageKey, LazyExoticComponent<ComponentType>>> = {
  agentTeamOverview: lazy(() => import('../../features/agents/components/team-overview-page')),
  agentRegister: lazy(() => import('../../features/agents/components/register-page')),
  agentTeamManagement: lazy(() => import('../../features/agents/components/team-management-page')),
  agentAnnouncement: lazy(() => import('../../features/agents/components/announcements-page')),
  agentTeamBetting: lazy(() => import('../../features/agents/components/team-betting-page')),
  agentUserProfit: lazy(() => import('../../features/agents/components/user-profit-page')),
  agentIncome: lazy(() => import('../../features/agents/components/income-page')),
  agentAccountDetails: lazy(() => import('../../features/agents/components/account-details-page')),
  agentDividend: lazy(() => import('../../features/agent-contracts/components/dividend-page')),
  agentDailySalary: lazy(() => import('../../features/agent-contracts/components/daily-salary-page')),
  agentHourlySalary: lazy(() => import('../../features/agent-contracts/components/hourly-salary-page')),
  agentRealTimeSalary: lazy(() => import('../../features/agent-contracts/components/real-time-salary-page')),
};
