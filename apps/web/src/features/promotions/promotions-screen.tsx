import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';

/** Promotions list. The promotion list call arrives with the promotions issue. */
export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.promotions')}>
      <EmptyState title={t('promotions.empty')} />
    </Page>
  );
}
