import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';

/** Spec 2.6 notice list (9 a page). Player notices come from the announcements call of a later issue. */
export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.notices')}>
      <EmptyState title={t('notices.empty')} />
    </Page>
  );
}
