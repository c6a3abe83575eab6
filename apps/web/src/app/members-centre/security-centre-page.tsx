import { RecoveryContacts } from '../../features/accounts/recovery/recovery-contacts';
import { PlayerProtectionSettings } from '../../features/responsible-gaming/components/player-protection-settings';
import { SecurityCentrePage } from '../../features/security-centre/components/security-centre-page';

/** The `securityCenter` page: the security centre with the recovery contacts and player-protection settings in it. */
export default function SecurityCentreWithProtection() {
  return (
    <SecurityCentrePage
      protection={<PlayerProtectionSettings />}
      recovery={(overview, onChanged) => <RecoveryContacts status={overview} onChanged={onChanged} />}
    />
  );
}
