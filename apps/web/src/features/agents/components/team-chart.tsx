import type { TeamOverview } from '@tessera/contract/api/agents';
import { useTranslation } from 'react-i18next';

const HEIGHT = 160;
const GAP = 6;

/**
 * Deposits and withdrawals of the team by day, two bars a day, in plain SVG like the player's own profit chart: a
 * month of bars needs no chart library in the player site's bundle. The table below carries the same numbers for
 * screen readers.
 */
export default function TeamChart({ days, format }: { days: TeamOverview['days']; format: (minor: string) => string }) {
  const { t } = useTranslation();
  // Only the bar heights use floating point; the amounts shown stay exact.
  const largest = Math.max(1, ...days.flatMap((day) => [Number(day.deposits), Number(day.withdrawals)]));
  const width = Math.max(days.length * 32, 280);
  const slot = width / days.length;
  const bar = Math.max((slot - GAP) / 2, 2);
  const height = (minor: string) => {
    const value = Number(minor);
    return value === 0 ? 0 : Math.max((value / largest) * (HEIGHT - 8), 1);
  };
  return (
    <figure className="flex flex-col gap-2" aria-hidden="true" data-testid="team-chart">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="h-40 w-full min-w-72" preserveAspectRatio="none" role="presentation">
        <line x1="0" x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-600" strokeWidth="1" />
        {days.map((day, index) => (
          <g key={day.day}>
            <rect
              x={index * slot + GAP / 2}
              y={HEIGHT - height(day.deposits)}
              width={bar}
              height={height(day.deposits)}
              rx="2"
              className="fill-emerald-400"
            >
              <title>{`${day.day} ${t('agents.overview.deposits')}: ${format(day.deposits)}`}</title>
            </rect>
            <rect
              x={index * slot + GAP / 2 + bar}
              y={HEIGHT - height(day.withdrawals)}
              width={bar}
              height={height(day.withdrawals)}
              rx="2"
              className="fill-rose-400"
            >
              <title>{`${day.day} ${t('agents.overview.withdrawals')}: ${format(day.withdrawals)}`}</title>
            </rect>
          </g>
        ))}
      </svg>
      <figcaption className="flex gap-4 text-xs text-slate-300">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-emerald-400" />
          {t('agents.overview.deposits')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-rose-400" />
          {t('agents.overview.withdrawals')}
        </span>
      </figcaption>
    </figure>
  );
}
