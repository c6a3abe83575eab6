import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';

/**
 * /game: the embedded game frame. The launch call (games issue) supplies the game URL; without a launched
 * game there is nothing to embed.
 */
export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.game')}>
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
