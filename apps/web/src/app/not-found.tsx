import { formatInteger } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';

export function Screen() {
  const { t, i18n } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-6xl font-bold text-amber-400">
        {formatInteger(404, i18n.language)}
      </p>
      <h1 className="text-2xl font-semibold">{t('not_found.title')}</h1>
      <p className="text-slate-300">{t('not_found.text')}</p>
      <Link to="/index" className={buttonClass('primary')}>
        {t('not_found.home')}
      </Link>
    </section>
  );
}
