import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';

/** Points mall (spec 2.1, no side menu); it lists no reward items yet. */
export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.point_mall')} intro={t('point_mall.intro')}>
      <EmptyState title={t('point_mall.empty')} />
    </Page>
  );
}
