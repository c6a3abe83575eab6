import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../lib/modal-store';
import { isLoggedIn, useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { LoadFailed, Loading } from '../../ui/list-page/list-states';
import { Page } from '../../ui/page';
import { vipQuery } from './api/vip';
import { VipLadder } from './components/vip-ladder';
import { VipProgressCard } from './components/vip-progress';

const HOW_IT_WORKS: ParseKeys[] = ['vip.how_turnover', 'vip.how_levels', 'vip.how_service'];

/**
 * VIP: the merchant's ladder (what reaches, keeps and brings each level) and, for a member, their level and the
 * progress to the next over the rolling window. Visitors see the ladder and are asked to log in.
 */
export function Screen() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const token = useSession((state) => state.token);
  const open = useModals((state) => state.open);
  const overview = useQuery(vipQuery(token));
  return (
    <Page title={t('routes.vip')} intro={t('vip.intro')}>
      {overview.isPending ? (
        <Loading />
      ) : overview.isError ? (
        <LoadFailed onRetry={() => void overview.refetch()} />
      ) : (
        <>
          {overview.data.member ? (
            <VipProgressCard progress={overview.data.member} windowDays={overview.data.windowDays} />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4">
              <p className="text-sm text-slate-300">{loggedIn ? t('app.screen_loading') : t('vip.login_required')}</p>
              {!loggedIn && <Button onClick={() => open('login', {})}>{t('shell.header.login')}</Button>}
            </div>
          )}
          <section aria-labelledby="vip-ladder" className="flex flex-col gap-2">
            <h2 id="vip-ladder" className="text-lg font-semibold">
              {t('vip.ladder')}
            </h2>
            <p className="text-sm text-slate-400">{t('vip.window_note', { days: overview.data.windowDays })}</p>
            <VipLadder levels={overview.data.levels} current={overview.data.member?.rankLevel ?? null} />
          </section>
        </>
      )}
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
    </Page>
  );
}
