import { useTranslation } from 'react-i18next';
import { useModals } from '../../../app/modals/modal-store';
import { isLoggedIn, useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** /fav: the member's favourite games (the favourites calls come with the games issue; visitors have none). */
export function Screen() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const open = useModals((state) => state.open);
  return (
    <Page title={t('routes.fav')}>
      {loggedIn ? (
        <EmptyState title={t('lobby.fav_empty')} />
      ) : (
        <EmptyState
          title={t('lobby.fav_login')}
          action={<Button onClick={() => open('login', {})}>{t('shell.header.login')}</Button>}
        />
      )}
    </Page>
  );
}
