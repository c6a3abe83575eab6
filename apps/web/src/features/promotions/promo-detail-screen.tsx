import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';

export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.promo_detail')}>
      <EmptyState
        title={t('promotions.detail_missing')}
        action={
          <Link to="/promotions" className={buttonClass('secondary')}>
            {t('promotions.back')}
          </Link>
        }
      />
    </Page>
  );
}
