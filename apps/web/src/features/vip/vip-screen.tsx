import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn, useSession } from '../../lib/session';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';

export function Screen() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  return (
    <Page title={t('routes.vip')} intro={t('vip.intro')}>
      {!loggedIn && (
        <EmptyState
          title={t('vip.login_required')}
          action={
            <Link to="/login" className={buttonClass('primary')}>
              {t('shell.header.login')}
            </Link>
          }
        />
      )}
    </Page>
  );
}
