import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../lib/modal-store';
import { isLoggedIn, useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';

const HOW_IT_WORKS: ParseKeys[] = ['vip.how_turnover', 'vip.how_levels', 'vip.how_service'];

/**
 * VIP. The levels, their thresholds and rewards are the merchant's and come from the server with the member's
 * rank; none are invented here. Visitors see how it works and are asked to log in.
 */
export function Screen() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const open = useModals((state) => state.open);
  return (
    <Page title={t('routes.vip')} intro={t('vip.intro')}>
      <section aria-labelledby="vip-how" className="flex flex-col gap-3">
        <h2 id="vip-how" className="text-lg font-semibold">
          {t('vip.how_title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {HOW_IT_WORKS.map((key) => (
            <li key={key} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4 text-sm text-slate-300">
              {t(key)}
            </li>
          ))}
        </ul>
      </section>
      <EmptyState
        title={loggedIn ? t('vip.levels_coming') : t('vip.login_required')}
        text={t('vip.levels_note')}
        action={loggedIn ? undefined : <Button onClick={() => open('login', {})}>{t('shell.header.login')}</Button>}
      />
    </Page>
  );
}
