import { AccountHeaderActions } from '../../features/accounts/components/account-header';
import { BalanceSlot } from '../../features/wallet/components/balance-slot';
import { LiveUpdates } from '../../features/wallet/components/live-updates';

// The side menu's entries come from this module too: the logged-in header and side menu share one lazy chunk.
export { AccountSideEntries } from '../../features/accounts/components/account-header';

/** The logged-in header: the member's actions around the wallet's balance (placeholder until read) and live stream. */
export function MemberHeaderActions({ onCustomerService }: { onCustomerService: () => void }) {
  return (
    <AccountHeaderActions
      onCustomerService={onCustomerService}
      wallet={
        <>
          <BalanceSlot />
          <LiveUpdates />
        </>
      }
    />
  );
}
