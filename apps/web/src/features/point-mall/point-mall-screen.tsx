import { useQuery } from '@tanstack/react-query';
import type { Redemption } from '@tessera/contract/api/loyalty';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLoggedIn, useSession } from '../../lib/session';
import { LoadFailed, Loading } from '../../ui/list-page/list-states';
import { Page } from '../../ui/page';
import { pointConfigQuery } from './api/points';
import { PointsDetails, RedeemHistory } from './components/points-lists';
import { PointsSummary } from './components/points-summary';
import { RewardGrid } from './components/reward-grid';
import { usePoints } from './components/use-points';

const TABS = ['rewards', 'history', 'details'] as const;
type Tab = (typeof TABS)[number];
const TAB_KEYS: Record<Tab, ParseKeys> = {
  rewards: 'point_mall.rewards',
  history: 'point_mall.history',
  details: 'point_mall.details',
};

/**
 * Points mall (spec 2.1, no side menu): the balance and conversion, the reward items, and — the spec's text-only
 * screens — the redeem history and the points details, as tabs kept in the URL (`?tab=`).
 */
export function Screen() {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const points = usePoints();
  const config = useQuery(pointConfigQuery());
  const [params, setParams] = useSearchParams();
  const [redeemed, setRedeemed] = useState<Redemption | null>(null);
  const tabsId = useId();
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = loggedIn && wanted && TABS.includes(wanted) ? wanted : 'rewards';
  const tabs: readonly Tab[] = loggedIn ? TABS : ['rewards'];
  const choose = (next: Tab) => setParams(next === 'rewards' ? {} : { tab: next }, { replace: true });

  const content = (
    <>
      {redeemed && tab === 'rewards' && (
        <p
          role="status"
          className="mb-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-200"
          data-testid="redeemed"
        >
          {t('point_mall.redeemed', { name: redeemed.itemName, points: points(redeemed.redeemAmount) })}
        </p>
      )}
      {tab === 'rewards' && <RewardGrid onRedeemed={setRedeemed} />}
      {tab === 'history' && <RedeemHistory />}
      {tab === 'details' && <PointsDetails />}
    </>
  );

  return (
    <Page title={t('routes.point_mall')} intro={t('point_mall.intro')}>
      {loggedIn &&
        (config.isPending ? (
          <Loading />
        ) : config.isError ? (
          <LoadFailed onRetry={() => void config.refetch()} />
        ) : (
          <PointsSummary config={config.data} />
        ))}
      {tabs.length > 1 && (
        <div role="tablist" aria-label={t('routes.point_mall')} className="flex flex-wrap gap-2">
          {tabs.map((option) => (
            <button
              key={option}
              id={`${tabsId}-${option}`}
              type="button"
              role="tab"
              aria-selected={option === tab}
              aria-controls={`${tabsId}-panel`}
              onClick={() => choose(option)}
              className={`min-h-10 rounded-lg border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-300 ${option === tab ? 'border-amber-400 bg-amber-400/10 text-amber-100' : 'border-slate-700 text-slate-200'}`}
            >
              {t(TAB_KEYS[option])}
            </button>
          ))}
        </div>
      )}
      {tabs.length > 1 ? (
        <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`}>
          {content}
        </div>
      ) : (
        content
      )}
    </Page>
  );
}
