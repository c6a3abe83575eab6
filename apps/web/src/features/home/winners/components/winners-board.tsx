import { useQuery } from '@tanstack/react-query';
import type { WinnerBoard, WinnerPeriod } from '@tessera/contract/api/winners';
import { formatInteger } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../../lib/api-client';
import { useMoney } from '../../../../lib/use-money';
import { Button } from '../../../../ui/button';
import { EmptyState } from '../../../../ui/empty-state';
import { rankListQuery, WINNERS_SHOWN } from '../api/rank-list';
import { BOARD_HEIGHT, ROW_HEIGHT } from '../layout';

const BOARDS: { value: WinnerBoard; labelKey: ParseKeys }[] = [
  { value: 'top', labelKey: 'winners.board.top' },
  { value: 'latest', labelKey: 'winners.board.latest' },
];
const PERIODS: { value: WinnerPeriod; labelKey: ParseKeys }[] = [
  { value: 'day', labelKey: 'winners.period.day' },
  { value: 'week', labelKey: 'winners.period.week' },
  { value: 'month', labelKey: 'winners.period.month' },
];

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago" in the player's language and numerals; under a minute is "now". */
function ago(epochMs: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const elapsed = Date.now() - epochMs;
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  return format.format(0, 'second');
}

function Choice<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; labelKey: ParseKeys }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex gap-1 rounded-lg bg-slate-900 p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`min-h-9 flex-1 rounded-md px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-amber-300 ${
            option.value === value ? 'bg-amber-400 text-slate-950' : 'text-slate-300 hover:bg-slate-800'
          }`}
        >
          {t(option.labelKey)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The winners board below the fold of the home page (spec §7.3 GCSGAME_getRankList; the winners list screen is
 * "not shown", see docs/decisions.md): the biggest or the latest real wins of a period, accounts masked by the
 * server, amounts in the merchant's currency.
 */
export default function WinnersBoardSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const money = useMoney();
  const [board, setBoard] = useState<WinnerBoard>('top');
  const [period, setPeriod] = useState<WinnerPeriod>('week');
  const winners = useQuery(rankListQuery(board, period, i18n.language));

  return (
    <section aria-labelledby={headingId} className={`flex flex-col gap-3 ${BOARD_HEIGHT}`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('winners.title')}
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Choice label={t('winners.board_label')} options={BOARDS} value={board} onChange={setBoard} />
          <Choice label={t('winners.period_label')} options={PERIODS} value={period} onChange={setPeriod} />
        </div>
      </div>
      {winners.isPending ? (
        <ol aria-busy="true" aria-label={t('winners.loading')} className="flex flex-col gap-1.5">
          {Array.from({ length: WINNERS_SHOWN }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className={`${ROW_HEIGHT} animate-pulse rounded-xl bg-slate-900`} />
          ))}
        </ol>
      ) : winners.isError ? (
        <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-800 px-4 py-3 text-sm">
          <p role="alert">{t(errorMessageKey(winners.error))}</p>
          <Button variant="secondary" onClick={() => void winners.refetch()}>
            {t('app.boot.retry')}
          </Button>
        </div>
      ) : winners.data.length === 0 ? (
        <EmptyState title={t('winners.empty_title')} text={t('winners.empty_text')} />
      ) : (
        <ol aria-label={t(board === 'top' ? 'winners.board.top' : 'winners.board.latest')} className="flex flex-col gap-1.5">
          {winners.data.map((win, index) => (
            <li
              key={`${win.winTime}-${win.account}-${win.gameCode}-${win.winAmount}`}
              className={`${ROW_HEIGHT} flex items-center gap-3 rounded-xl bg-slate-900 px-3`}
            >
              <span
                aria-hidden="true"
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  index < 3 && board === 'top' ? 'bg-amber-400 text-slate-950' : 'bg-slate-800 text-slate-300'
                }`}
              >
                {formatInteger(index + 1, i18n.language)}
              </span>
              <span className="sr-only">{t('winners.rank', { rank: index + 1 })}</span>
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-semibold text-slate-100">{win.account}</span>
                <span className="truncate text-xs text-slate-400">{win.gameName}</span>
              </div>
              <div className="flex shrink-0 flex-col items-end">
                <span className="text-sm font-bold text-amber-300">{money.format(win.winAmount)}</span>
                <time dateTime={new Date(win.winTime).toISOString()} className="text-xs text-slate-400">
                  {ago(win.winTime, i18n.language)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
