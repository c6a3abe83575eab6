import { useState } from 'react';
import { useMemberInfo } from '../../features/accounts/api/member-info';
import { type OpenServiceResult, openCustomerService } from '../../lib/customer-service';
import { useSystemStatus } from '../../lib/system-status';

/** Opens the service window from the shell; the result says whether to show the popup-blocked notice. */
export function useCustomerService() {
  const { info } = useSystemStatus();
  const member = useMemberInfo();
  const [result, setResult] = useState<OpenServiceResult | null>(null);
  // Spec §4: the member's rank decides the line (above 4: VIP); a visitor gets live chat.
  const handleOpen = () => setResult(openCustomerService(info.customerService, member.data?.clubLabel.rankLevel ?? 0));
  return { result, handleOpen, clear: () => setResult(null) };
}
