import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { useListParams } from '../../../ui/list-page/use-list-params';
import { RangePresets } from '../../../ui/range-presets';
import { RANGE_PARAM, useDayRange } from './range';

export const inputClass =
  'min-h-11 w-full rounded-lg border border-slate-600 bg-slate-950 px-3 text-sm text-slate-100 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-amber-300';

/** Signed money: "+৳ 1.00" for a profit, "−৳ 1.00" for a loss. */
export function useSignedMoney() {
  const money = useMoney();
  return (minor: string) => (minor.startsWith('-') ? `−${money.format(minor.slice(1))}` : `+${money.format(minor)}`);
}

export const toneOf = (minor: string) => (minor.startsWith('-') ? 'text-rose-300' : minor === '0' ? '' : 'text-emerald-300');

/**
 * An agent-centre report's URL state: its page, its filters and the date preset (shared by the pages, so a range chosen
 * on one carries over), the preset fixed as whole local days.
 */
export function useReportParams(pageParam: string) {
  const list = useListParams(pageParam);
  const range = useDayRange(list.params.get(RANGE_PARAM));
  return { ...list, range, choosePreset: (preset: string) => list.update({ [RANGE_PARAM]: preset }) };
}

export function RangeBar({ report }: { report: ReturnType<typeof useReportParams> }) {
  return <RangePresets value={report.range.preset} onChange={report.choosePreset} />;
}

/** An account-prefix search of the team. */
export function AccountSearch({
  id,
  value,
  onSearch,
  label,
  placeholder,
  submit,
}: {
  id: string;
  value: string;
  onSearch: (q: string) => void;
  label: ParseKeys;
  placeholder: ParseKeys;
  submit: ParseKeys;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value);
  return (
    <form
      aria-label={t(label)}
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {t(label)}
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        value={typed}
        maxLength={64}
        placeholder={t(placeholder)}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit">{t(submit)}</Button>
    </form>
  );
}

/** A row of labelled figures: the totals over the whole range. */
export function Totals({ label, figures }: { label: ParseKeys; figures: { label: ParseKeys; value: string; tone?: string }[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t(label)}>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border border-slate-700 bg-slate-900 p-3">
            <dt className="text-xs text-slate-400">{t(figure.label)}</dt>
            <dd className={`mt-1 text-base font-semibold tabular-nums ${figure.tone ?? ''}`}>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
