import { useModals } from './modal-store';
import { useSession } from './session';

/** Spec §5, §9: the trial (free-play) agent type; gated-action.test.ts checks it against the contract. */
export const TRIAL_AGENT_TYPE = 4;

/**
 * Spec §5 gated action check (deposit, withdrawal, transfers, members centre, agent centre, promotion claims):
 * no token opens the login popup; a trial account (agent type 4) sees 'in_need_true_account' and is blocked.
 * Returns whether the action may go on.
 */
export function passesGate(): boolean {
  const { token, agentType } = useSession.getState();
  const { open } = useModals.getState();
  if (token === null) {
    open('login', {});
    return false;
  }
  if (agentType === TRIAL_AGENT_TYPE) {
    open('realAccountRequired', {});
    return false;
  }
  return true;
}
