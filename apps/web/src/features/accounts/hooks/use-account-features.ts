import { FEATURES, isFeatureEnabled, mobileSignUp } from '@tessera/contract/features';
import type { WhitelabelNode } from '@tessera/contract/settings';
import { useSystemStatus } from '../../../lib/system-status';

/** The whitelabel switches of spec §5 that shape the account popups. */
export function useAccountFeatures() {
  const { info } = useSystemStatus();
  // The status schema's recursive tree type does not survive Static<>: it is the contract's WhitelabelNode.
  const tree = info.whitelabel as WhitelabelNode;
  const on = (modId: string) => isFeatureEnabled(tree, modId);
  const registration = on(FEATURES.registration);
  const usernameRegistration = registration && on(FEATURES.usernameRegistration);
  const mobile = mobileSignUp(tree);
  const mobileRegistration = mobile !== null;
  return {
    smsLogin: on(FEATURES.smsLogin),
    freePlay: on(FEATURES.freePlay),
    usernameRegistration,
    mobileRegistration,
    /** MOBILENUMPASSREG3: the mobile sign-up asks for a password; off, the SMS code alone makes the account. */
    mobileRegistrationPassword: mobile === 'password',
    registrationSms: registration && on(FEATURES.mobileRegistrationSms),
    /** The header's sign-up button: switched on, and some way to register is open. */
    directRegisterButton: (usernameRegistration || mobileRegistration) && on(FEATURES.directRegisterButton),
    passwordResetByPhone: on(FEATURES.passwordResetByPhone),
  };
}
