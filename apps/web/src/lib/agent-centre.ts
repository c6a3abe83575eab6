/** Spec §5, §9: the agent types that open the agent centre; app/agent-centre/entries.test.ts checks them against the contract. */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

export const isAgentType = (agentType: number | null) => agentType !== null && AGENT_TYPES.includes(agentType);

/** Spec 2.5: the agent centre's page keys (its entries, with labels and switches, load with the overlay). */
export type AgentCentrePageKey =
  | 'agentAnnouncement'
  | 'agentTeamOverview'
  | 'agentRegister'
  | 'agentTeamManagement'
  | 'agentTeamBetting'
  | 'agentUserProfit'
  | 'agentIncome'
  | 'agentAccountDetails'
  | 'agentDividend'
  | 'agentDailySalary'
  | 'agentHourlySalary'
  | 'agentRealTimeSalary';

/** The URL parameter that opens the overlay on a page (a reload keeps the page). */
export const AGENT_CENTRE_PARAM = 'ac';
