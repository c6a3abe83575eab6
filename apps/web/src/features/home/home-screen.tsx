import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useSystemStatus } from '../system/api/get-system-status';

/**
 * The home page (/index; also /login, /register and /register.html, whose route handle names the popup
 * the login and register features open over it).
 */
export function Screen() {
  const { t, i18n } = useTranslation();
  const { product } = useSystemStatus();
  // Numbers in the player's numerals (Bengali digits under BN); `count` is passed pre-formatted.
  const number = new Intl.NumberFormat(i18n.language);
  const highlights = [
    t('home.highlights.sports', { count: number.format(product.marketing.sportsTypes) as unknown as number }),
    t('home.highlights.casino', { count: number.format(product.marketing.casinoGames) as unknown as number }),
    t('home.highlights.slots', { count: number.format(product.marketing.slotGames) as unknown as number }),
  ];
  return (
    <div className="flex flex-col gap-8 px-3 py-5 sm:px-6">
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-900 via-slate-900 to-slate-950 p-6 sm:p-10">
        <h1 className="max-w-xl text-2xl font-bold text-slate-50 sm:text-4xl">
          {t('home.hero.title', { brand: product.brand.name })}
        </h1>
        <p className="mt-3 max-w-xl text-slate-300">{t('home.hero.subtitle')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/register" className={buttonClass('primary', 'min-h-11 px-5')}>
            {t('home.hero.cta_register')}
          </Link>
          <Link to="/login" className={buttonClass('secondary', 'min-h-11 px-5')}>
            {t('home.hero.cta_login')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="home-highlights">
        <h2 id="home-highlights" className="sr-only">
          {t('home.highlights.label')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {highlights.map((text) => (
            <li key={text} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4 font-semibold text-amber-300">
              {text}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-categories" className="flex flex-col gap-3">
        <h2 id="home-categories" className="text-lg font-semibold">
          {t('home.categories')}
        </h2>
        {/* Spec 2.2: a category shows only if it has vendors; the vendor list arrives with the games issue. */}
        <EmptyState title={t('lobby.empty_title')} text={t('home.categories_empty')} />
      </section>
    </div>
  );
}
