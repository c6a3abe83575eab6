import { useState } from 'react';
import { type OpenServiceResult, openCustomerService } from '../../lib/customer-service';
import { useSystemStatus } from '../../lib/system-status';

/** Opens the service window from the shell; the result says whether to show the popup-blocked notice. */
export function useCustomerService() {
  const { info } = useSystemStatus();
  const [result, setResult] = useState<OpenServiceResult | null>(null);
  const handleOpen = () => setResult(openCustomerService(info.customerService));
  return { result, handleOpen, clear: () => setResult(null) };
}
