import { useState } from 'react';
import { useMemberInfo } from '../../features/accounts/api/member-info';
import { type OpenServiceResult, openServiceOrChat } from '../../lib/customer-service';
import { useSystemStatus } from '../../lib/system-status';

/** Opens the service window from the shell; the result says whether to show the popup-blocked notice. */
export function useCustomerService() {
  const { info } = useSystemStatus();
  const member = useMemberInfo();
  const [result, setResult] = useState<OpenServiceResult | null>(null);
  const rankLevel = member.data?.clubLabel.rankLevel ?? 0;
  // Spec §4: the member's rank decides the line (above 4: VIP); a visitor gets live chat.
  const handleOpen = () => setResult(openServiceOrChat(info.customerService, rankLevel));
  return { result, handleOpen, clear: () => setResult(null) };
}
