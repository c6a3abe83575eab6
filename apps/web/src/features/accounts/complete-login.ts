import type { LoginResult } from '@tessera/contract/api/accounts';
import { useModals } from '../../lib/modal-store';
import { useSession } from '../../lib/session';

/**
 * Spec §4 after a successful login (or registration, free play, password by phone): store the token, fire the
 * first-login action, and open the forced password change when the server says so — with the server's
 * single-use grant, never the password the player typed — or else the post-login announcement popup. Member
 * info then loads by itself (its query is keyed by the token).
 */
export function completeLogin(result: LoginResult) {
  useSession.getState().sessionStarted(result.token, { account: result.userName, agentType: result.customerType });
  const { open } = useModals.getState();
  const firstLogin = result.firstTimeLogin
    ? { account: result.userName, id: result.id, agentType: result.customerType }
    : undefined;
  if (result.passwordChangeRequired && result.passwordChangeGrant) {
    // One popup at a time: the first-login step follows a successful change (ChangePasswordPopup opens it).
    open('changePassword', { grant: result.passwordChangeGrant, isExpired: result.passwordExpired, firstLogin });
    return;
  }
  open('postLoginAnnouncements', {});
  if (firstLogin) open('firstLogin', firstLogin);
}
