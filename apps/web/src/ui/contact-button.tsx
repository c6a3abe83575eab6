import type { CustomerServiceEntry } from '@tessera/contract/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OpenServiceResult, openCustomerService } from '../lib/customer-service';
import { Button } from './button';

/**
 * The "contact" button of the maintenance, restriction and domain-check pages and of join: opens the service window
 * or says why not.
 */
export function ContactButton({ entries }: { entries: readonly CustomerServiceEntry[] }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<OpenServiceResult | null>(null);
  const handleClick = () => setResult(openCustomerService(entries));
  return (
    <div className="flex flex-col items-center gap-2">
      <Button onClick={handleClick}>{t('system.contact')}</Button>
      {result === 'blocked' && (
        <p role="alert" className="text-sm text-amber-300">
          {t('customer_service.popup_blocked')}
        </p>
      )}
      {result === 'unavailable' && (
        <p role="alert" className="text-sm text-amber-300">
          {t('customer_service.unavailable')}
        </p>
      )}
    </div>
  );
}
