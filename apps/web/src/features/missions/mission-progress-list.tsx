import type { MissionView } from '@tessera/contract/api/missions';
import { formatMinor, localDigits } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/use-money';
import { usePointsOrMoney } from './reward-amount';

/** One mission: what it asks, the bar of the progress so far, its reward and where it stands. */
function MissionCard({ mission }: { mission: MissionView }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const reward = usePointsOrMoney();
  const isMoney = mission.kind === 'deposit' || mission.kind === 'valid_bet';
  const amount = (value: string) => (isMoney ? money.format(value) : formatMinor(value, 0, i18n.language));
  const percent = localDigits(String(mission.percent), i18n.language);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-700 bg-slate-900 p-4" data-testid="mission">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-100">{mission.name}</h3>
        <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300">
          {t(`missions.period.${mission.period}`)}
        </span>
      </div>
      <p className="text-sm text-slate-300">
        {t(`missions.kind.${mission.kind}`, {
          target: amount(mission.target),
          category: mission.gameCategory ? t('missions.category', { category: mission.gameCategory }) : '',
        })}
      </p>
      <div className="flex justify-between text-sm text-slate-300">
        <span className="tabular-nums">
          {amount(mission.progress)} / {amount(mission.target)}
        </span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={mission.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={mission.percent}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full rounded-full bg-amber-400" style={{ width: `${mission.percent}%` }} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold text-amber-300">{reward(mission.rewardType, mission.rewardAmount)}</span>
        <span
          className={mission.status === 'claimable' ? 'font-semibold text-emerald-300' : 'text-slate-400'}
          data-testid="mission-status"
        >
          {t(`missions.status.${mission.status}`)}
        </span>
      </div>
    </li>
  );
}

export function MissionProgressList({ missions }: { missions: readonly MissionView[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label={t('missions.list')}>
      {missions.map((mission) => (
        <MissionCard key={`${mission.id}/${mission.periodStart}`} mission={mission} />
      ))}
    </ul>
  );
}
