import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';
import { ContactButton } from '../customer-service/contact-button';
import { useSystemStatus } from '../system/api/get-system-status';

/** Join (affiliates): what it is and how to reach the operator. */
export function Screen() {
  const { t } = useTranslation();
  const { info } = useSystemStatus();
  return (
    <Page title={t('routes.join')} intro={t('join.intro')}>
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
        <p className="text-slate-300">{t('join.contact')}</p>
        <ContactButton entries={info.customerService} />
      </div>
    </Page>
  );
}
