import type { ProfitSummary } from '@tessera/contract/api/betting-record';
import { useTranslation } from 'react-i18next';

const HEIGHT = 160;
const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar days (yyyy-MM-dd) from the range start up to its exclusive end, as the server buckets them. */
function dayKeys({ startTime, endTime }: { startTime: number; endTime: number }): string[] {
  const keys: string[] = [];
  for (
    let day = new Date(startTime);
    day.getTime() < endTime;
    day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)
  ) {
    keys.push(`${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`);
  }
  return keys;
}
const BAR_GAP = 4;

/**
 * Daily net result as bars above (profit) or below (loss) a zero line, in plain SVG: a handful of bars needs no
 * chart library. The table beside it carries the same numbers for screen readers.
 */
export default function ProfitChart({
  days,
  range,
  format,
}: {
  days: ProfitSummary['days'];
  range: { startTime: number; endTime: number };
  format: (minor: string) => string;
}) {
  const { t } = useTranslation();
  // Every day of the range gets a slot, so a single day with bets is one bar among its neighbours.
  const byDay = new Map<string, bigint>(dayKeys(range).map((day) => [day, 0n]));
  for (const row of days) byDay.set(row.day, (byDay.get(row.day) ?? 0n) + BigInt(row.profitMinor));
  const points = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b));
  // Only the bar heights use floating point; the amounts shown stay exact.
  const largest = Math.max(1, ...points.map(([, value]) => Math.abs(Number(value))));
  const width = Math.max(points.length * 28, 280);
  const barWidth = width / points.length - BAR_GAP;
  const scale = (value: bigint) => (Number(value) / largest) * (HEIGHT / 2 - 4);
  return (
    <figure className="flex flex-col gap-1 overflow-x-auto" aria-hidden="true">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="h-40 w-full min-w-72" preserveAspectRatio="none" role="presentation">
        <line x1="0" x2={width} y1={HEIGHT / 2} y2={HEIGHT / 2} className="stroke-slate-600" strokeWidth="1" />
        {points.map(([day, value], index) => {
          const size = Math.max(Math.abs(scale(value)), value === 0n ? 0 : 1);
          return (
            <rect
              key={day}
              x={index * (barWidth + BAR_GAP) + BAR_GAP / 2}
              y={value < 0n ? HEIGHT / 2 : HEIGHT / 2 - size}
              width={barWidth}
              height={size}
              rx="2"
              className={value < 0n ? 'fill-rose-400' : 'fill-emerald-400'}
            >
              <title>{`${day}: ${format(value.toString())}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="text-xs text-slate-400">{t('profit.chart_caption')}</figcaption>
    </figure>
  );
}
