import { type DatePreset, presetRange } from '@tessera/contract/date-presets';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf } from '../lib/dates';
import type { FilterValues } from './list-state';

export interface FilterOption {
  value: string;
  label: string;
}

/** One filter of a list: a text, a choice, or a range of days (with quick ranges) stored as two fields. */
export type FilterField =
  | { kind: 'text'; name: string; label: string; hint?: string; maxLength?: number; required?: boolean }
  | { kind: 'select'; name: string; label: string; options: readonly FilterOption[]; anyLabel?: string }
  | {
      kind: 'days';
      from: string;
      to: string;
      fromLabel: string;
      toLabel: string;
      presets?: readonly DatePreset[];
      /** Offer "any time" beside the presets: both days cleared. */
      anyTime?: boolean;
      required?: boolean;
    };

/** A preset's days as the date fields show them: its first and its last whole day (the range's end is exclusive). */
export function presetDays(preset: DatePreset, now = new Date()) {
  const { startTime, endTime } = presetRange(preset, now);
  return { from: dayOf(startTime), to: dayOf(endTime - 1) };
}

/**
 * A list's filters as one form. The list changes when it is applied (Enter in any field, or the button), never on
 * each keystroke; a quick range applies at once, together with what else the form holds.
 */
export function FilterForm<Values extends FilterValues>({
  label,
  fields,
  values,
  onApply,
  submitLabel,
  onExport,
  exportDisabled = false,
}: {
  label: string;
  fields: readonly FilterField[];
  /** The filters in effect: the form starts from them and follows them when they change elsewhere (the back button). */
  values: Values;
  onApply: (values: Values, preset?: DatePreset) => void;
  submitLabel?: string;
  onExport?: () => void;
  exportDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(values);
  const [shown, setShown] = useState(values);
  if (!sameValues(shown, values)) {
    setShown(values);
    setDraft(values);
  }
  const set = (name: string, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(trimmed(draft));
  };

  return (
    <form className="panel filters" onSubmit={submit} aria-label={label}>
      {fields.map((field) => {
        if (field.kind === 'days') {
          const applyRange = (range: { from: string; to: string }, preset?: DatePreset) => {
            const next = { ...draft, [field.from]: range.from, [field.to]: range.to };
            setDraft(next);
            onApply(trimmed(next), preset);
          };
          const inEffect = (range: { from: string; to: string }) =>
            values[field.from] === range.from && values[field.to] === range.to;
          return (
            <div key={field.from} className="days">
              {(field.presets || field.anyTime) && (
                <fieldset className="segmented">
                  <legend className="visually-hidden">{t('filters.quick_range')}</legend>
                  {field.presets?.map((preset) => {
                    const range = presetDays(preset);
                    return (
                      <button
                        key={preset}
                        type="button"
                        className="btn btn-small"
                        aria-pressed={inEffect(range)}
                        onClick={() => applyRange(range, preset)}
                      >
                        {t(`filters.presets.${preset}`)}
                      </button>
                    );
                  })}
                  {field.anyTime && (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-pressed={inEffect({ from: '', to: '' })}
                      onClick={() => applyRange({ from: '', to: '' })}
                    >
                      {t('filters.any_time')}
                    </button>
                  )}
                </fieldset>
              )}
              <div className="field">
                <label htmlFor={`${id}-${field.from}`}>{field.fromLabel}</label>
                <input
                  id={`${id}-${field.from}`}
                  name={field.from}
                  type="date"
                  value={draft[field.from] ?? ''}
                  max={draft[field.to] || undefined}
                  required={field.required}
                  onChange={(event) => set(field.from, event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-${field.to}`}>{field.toLabel}</label>
                <input
                  id={`${id}-${field.to}`}
                  name={field.to}
                  type="date"
                  value={draft[field.to] ?? ''}
                  min={draft[field.from] || undefined}
                  required={field.required}
                  onChange={(event) => set(field.to, event.target.value)}
                />
              </div>
            </div>
          );
        }
        const fieldId = `${id}-${field.name}`;
        if (field.kind === 'select') {
          return (
            <div key={field.name} className="field">
              <label htmlFor={fieldId}>{field.label}</label>
              <select
                id={fieldId}
                name={field.name}
                value={draft[field.name] ?? ''}
                onChange={(event) => set(field.name, event.target.value)}
              >
                {field.anyLabel !== undefined && <option value="">{field.anyLabel}</option>}
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        return (
          <div key={field.name} className="field">
            <label htmlFor={fieldId}>{field.label}</label>
            <input
              id={fieldId}
              name={field.name}
              value={draft[field.name] ?? ''}
              maxLength={field.maxLength}
              required={field.required}
              autoComplete="off"
              aria-describedby={field.hint ? `${fieldId}-hint` : undefined}
              onChange={(event) => set(field.name, event.target.value)}
            />
            {field.hint && (
              <small id={`${fieldId}-hint`} className="hint">
                {field.hint}
              </small>
            )}
          </div>
        );
      })}
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          {submitLabel ?? t('filters.apply')}
        </button>
        {onExport && (
          <button type="button" className="btn" disabled={exportDisabled} onClick={onExport}>
            {t('filters.export')}
          </button>
        )}
      </div>
    </form>
  );
}

const sameValues = (one: FilterValues, other: FilterValues) =>
  Object.keys(one).length === Object.keys(other).length && Object.entries(one).every(([name, value]) => other[name] === value);

const trimmed = <Values extends FilterValues>(values: Values): Values =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])) as Values;
