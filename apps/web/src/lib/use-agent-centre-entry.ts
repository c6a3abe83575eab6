import { useSearchParams } from 'react-router';
import { AGENT_CENTRE_PARAM, type AgentCentrePageKey, isAgentType } from './agent-centre';
import { passesGate } from './gated-action';
import { useModals } from './modal-store';
import { useSession } from './session';

/**
 * Opens an agent-centre page (spec §4): logged out, the login popup; a trial account, the real-account warning;
 * any other non-agent, 'Non-agents cannot log in'; an agent, the page in the URL (`?ac=`).
 */
export function useAgentCentreEntry() {
  const [, setSearchParams] = useSearchParams();
  return (page: AgentCentrePageKey) => {
    if (!passesGate()) return;
    if (!isAgentType(useSession.getState().agentType)) {
      useModals.getState().open('accountWarning', { messageKey: 'errors.agent_not_agent' });
      return;
    }
    setSearchParams(
      (params) => {
        params.set(AGENT_CENTRE_PARAM, page);
        return params;
      },
      { replace: false },
    );
  };
}
