import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';
import { HelpArticles } from './help-articles';

/** /help: terms and help; /help#terms opens at the terms. */
export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.help')}>
      <HelpArticles />
    </Page>
  );
}
