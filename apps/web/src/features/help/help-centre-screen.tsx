import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page';
import { HelpArticles } from './help-articles';

/** /helpmc: the help centre without the site header (opened from apps and the service window). */
export function Screen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.help_center')}>
      <HelpArticles />
    </Page>
  );
}
