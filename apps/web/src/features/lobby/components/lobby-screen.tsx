import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/**
 * A game lobby (spec 2.1 game routes). The vendor and game lists arrive with the games issue; until a
 * provider is connected the lobby honestly has no games, and says so.
 */
export function LobbyScreen({ titleKey }: { titleKey: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <EmptyState
        title={t('lobby.empty_title')}
        text={t('lobby.empty_text')}
        action={
          <Link to="/index" className={buttonClass('secondary')}>
            {t('lobby.back_home')}
          </Link>
        }
      />
    </Page>
  );
}
