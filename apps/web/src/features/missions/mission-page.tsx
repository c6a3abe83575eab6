import { queryOptions, useQuery } from '@tanstack/react-query';
import { localDigits } from '@tessera/contract/money-format';
import type { LeaderboardPeriod } from '@tessera/contract/routes/loyalty';
import * as loyaltyRoutes from '@tessera/contract/routes/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { MEMBERS_CENTRE_PARAM } from '../../lib/members-centre';
import { missionSummaryQuery } from '../../lib/missions';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ListStates } from '../../ui/list-page/list-states';
import { MissionProgressList } from './mission-progress-list';

const leaderboardQuery = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: ['rewards', 'leaderboard', period],
    queryFn: ({ signal }) => apiRequest(loyaltyRoutes.getMissionLeaderboard, { signal, query: { period } }),
    staleTime: 30_000,
  });

/** The board of who completed the most missions this day, week or month, names masked; the member's own place. */
function Leaderboard() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const board = useQuery(leaderboardQuery(period));
  const digits = (value: number) => localDigits(String(value), i18n.language);
  return (
    <section aria-labelledby="mission-board" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="mission-board" className="text-base font-semibold text-slate-50">
          {t('missions.leaderboard')}
        </h3>
        <fieldset className="flex min-w-0 flex-wrap gap-1">
          <legend className="sr-only">{t('missions.board_period')}</legend>
          {loyaltyRoutes.LEADERBOARD_PERIODS.map((option) => (
            <Button
              key={option}
              variant={option === period ? 'primary' : 'secondary'}
              aria-pressed={option === period}
              onClick={() => setPeriod(option)}
            >
              {t(`missions.board.${option}`)}
            </Button>
          ))}
        </fieldset>
      </div>
      <ListStates
        query={board}
        isEmpty={(data) => data.list.length === 0}
        empty={<EmptyState title={t('missions.board_empty')} text={t('missions.board_empty_hint')} />}
      >
        {(data) => (
          <table className="w-full text-sm" data-testid="mission-leaderboard">
            <thead>
              <tr className="text-start text-slate-400">
                <th scope="col" className="py-1 text-start font-medium">
                  {t('missions.rank')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('missions.member')}
                </th>
                <th scope="col" className="py-1 text-end font-medium">
                  {t('missions.completed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.list, ...(data.mine && !data.list.some((row) => row.me) ? [data.mine] : [])].map((row) => (
                <tr key={row.rank} className={row.me ? 'bg-amber-400/10 font-semibold text-amber-200' : 'text-slate-200'}>
                  <td className="py-1 tabular-nums">{digits(row.rank)}</td>
                  <td className="py-1">
                    {localDigits(row.me ? t('missions.me', { account: row.account }) : row.account, i18n.language)}
                  </td>
                  <td className="py-1 text-end tabular-nums">{digits(row.completed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListStates>
    </section>
  );
}

/** Members-centre page `missionLeaderboard` (spec §2.4 "mission activity"): the missions with their bars, and the board. */
export default function MissionPage() {
  const { t, i18n } = useTranslation();
  const token = useSession((state) => state.token);
  const summary = useQuery(missionSummaryQuery(token));
  const [, setParams] = useSearchParams();
  const claimable = summary.data?.claimableCount ?? 0;
  return (
    <div className="flex flex-col gap-6" data-testid="mission-page">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-50">{t('missions.title')}</h2>
        {claimable > 0 && (
          <Button
            onClick={() =>
              setParams((current) => {
                current.set(MEMBERS_CENTRE_PARAM, 'rewardCenter');
                return current;
              })
            }
          >
            {t('missions.to_reward_centre', { count: claimable, shown: localDigits(String(claimable), i18n.language) })}
          </Button>
        )}
      </div>
      <ListStates
        query={summary}
        isEmpty={(data) => data.list.length === 0}
        empty={<EmptyState title={t('missions.empty')} text={t('missions.empty_hint')} />}
      >
        {(data) => <MissionProgressList missions={data.list} />}
      </ListStates>
      <Leaderboard />
    </div>
  );
}
