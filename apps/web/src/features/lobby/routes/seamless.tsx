import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** /seamless (header only): the frame of a third-party seamless lobby, opened by a game launch. */
export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.seamless')}>
      <EmptyState
        title={t('game.none')}
        action={
          <Link to="/index" className={buttonClass('secondary')}>
            {t('lobby.back_home')}
          </Link>
        }
      />
    </Page>
  );
}
