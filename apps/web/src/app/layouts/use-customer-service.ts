import { useState } from 'react';
import { useMemberInfo } from '../../features/accounts/api/member-info';
import { type OpenServiceResult, openCustomerService, pickServiceEntry } from '../../lib/customer-service';
import { useModals } from '../../lib/modal-store';
import { useSystemStatus } from '../../lib/system-status';

/** Opens the service window from the shell; the result says whether to show the popup-blocked notice. */
export function useCustomerService() {
  const { info } = useSystemStatus();
  const member = useMemberInfo();
  const [result, setResult] = useState<OpenServiceResult | null>(null);
  const rankLevel = member.data?.clubLabel.rankLevel ?? 0;
  // Spec §4: the member's rank decides the line (above 4: VIP); a visitor gets live chat. A merchant's own service
  // provider (a web address) opens in its window; otherwise the site's chat room (its VIP queue serves ranks above 4).
  const handleOpen = () => {
    const entry = pickServiceEntry(info.customerService, rankLevel);
    if (entry && /^https?:\/\//i.test(entry.path)) setResult(openCustomerService(info.customerService, rankLevel));
    else useModals.getState().open('chatRoom', {});
  };
  return { result, handleOpen, clear: () => setResult(null) };
}
