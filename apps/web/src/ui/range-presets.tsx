import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset } from '../lib/date-presets';

const PRESET_KEYS: Record<DatePreset, ParseKeys> = {
  today: 'records.preset.today',
  yesterday: 'records.preset.yesterday',
  previous7: 'records.preset.previous7',
  previous30: 'records.preset.previous30',
};

/** The spec §9 date presets, shared by the player's records and the agent centre. */
export function RangePresets({ value, onChange }: { value: DatePreset; onChange: (preset: DatePreset) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-200">{t('records.range')}</legend>
      {DATE_PRESETS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={`min-h-10 rounded-lg border px-3 text-sm focus-visible:outline-2 focus-visible:outline-amber-300 ${option === value ? 'border-amber-400 bg-amber-400/10 text-amber-100' : 'border-slate-700 text-slate-200 hover:bg-slate-800'}`}
        >
          {t(PRESET_KEYS[option])}
        </button>
      ))}
    </fieldset>
  );
}
