import type { LoginResult } from '@tessera/contract/api/accounts';
import { useModals } from '../../app/modals/modal-store';
import { useSession } from '../../lib/session';

/**
 * Spec §4 after a successful login (or registration, free play, password by phone): store the token, fire the
 * first-login action, and open the forced password change when the server says so — with the server's
 * single-use grant, never the password the player typed. Member info then loads by itself (its query is keyed
 * by the token).
 */
export function completeLogin(result: LoginResult) {
  useSession.getState().sessionStarted(result.token, { account: result.userName, agentType: result.customerType });
  const { open } = useModals.getState();
  if (result.firstTimeLogin) open('firstLogin', { account: result.userName, id: result.id });
  if (result.passwordChangeRequired && result.passwordChangeGrant) {
    open('changePassword', { grant: result.passwordChangeGrant, isExpired: result.passwordExpired });
  }
}
