import {
  type AnyTier,
  type ContractKind,
  type ContractPeriod,
  formatRate,
  MAX_TIERS,
  parseRate,
  type Rates,
  tiersProblem,
  topRates,
  withinCeiling,
} from '@tessera/contract/agent-contracts';
import type { ContractPage } from '@tessera/contract/api/agent-contracts';
import type { ParseKeys } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { processContract } from '../api/queries';
import { FIELD_LABELS, fieldKind, fieldsOf } from './tiers';

type Row = Record<string, string>;

const inputClass =
  'min-h-11 w-full rounded-lg border border-slate-600 bg-slate-950 px-3 text-sm text-slate-100 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-amber-300 aria-[invalid=true]:border-rose-400';

/** "5.00 %" or "profit 0.50 % · loss 0.80 %": the most the agent may offer. */
export function useCeilingText() {
  const { t } = useTranslation();
  return (ceiling: Rates) =>
    'rate' in ceiling
      ? t('contracts.limit_rate', { rate: formatRate(ceiling.rate ?? 0) })
      : t('contracts.limit_rates', { profit: formatRate(ceiling.profitRate ?? 0), loss: formatRate(ceiling.lossRate ?? 0) });
}

/**
 * The offer to a direct downline agent: who, the period, and the tiers (spec §3 contract items), starting from the
 * merchant's template. The same rules as the server's are checked first (tiers rise, rates within the agent's limit).
 */
export function OfferForm({
  kind,
  data,
  onOffered,
}: {
  kind: ContractKind;
  data: Omit<ContractPage, 'ceiling'> & { ceiling: Rates };
  onOffered: (account: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const ceilingText = useCeilingText();
  const fields = fieldsOf(kind);
  const fromTier = (tier: AnyTier): Row =>
    Object.fromEntries(
      fields.map((name) => {
        const value = String((tier as unknown as Record<string, string | number>)[name] ?? '');
        const shown =
          fieldKind(name) === 'rate' ? formatRate(Number(value)) : fieldKind(name) === 'money' ? money.plain(value) : value;
        return [name, shown];
      }),
    );
  const blank = (): Row => Object.fromEntries(fields.map((name) => [name, '']));
  const template = data.template as AnyTier[];
  const [downline, setDownline] = useState('');
  const [period, setPeriod] = useState<ContractPeriod>(data.periods[0] as ContractPeriod);
  const [rows, setRows] = useState<Row[]>(() => (template.length ? template.map(fromTier) : [blank()]));
  const [errors, setErrors] = useState<Record<string, ParseKeys>>({});
  const [alert, setAlert] = useState<ParseKeys | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The typed rows as tiers, or the message of each field that is not a value. */
  const read = () => {
    const found: Record<string, ParseKeys> = {};
    const tiers = rows.map((row, index) =>
      Object.fromEntries(
        fields.map((name) => {
          const text = (row[name] ?? '').trim();
          const kindOf = fieldKind(name);
          const value =
            kindOf === 'rate'
              ? parseRate(text)
              : kindOf === 'money'
                ? money.parse(text)
                : /^\d{1,7}$/.test(text)
                  ? Number(text)
                  : null;
          if (value === null || (kindOf === 'rate' && (value as number) < 1))
            found[`${index}.${name}`] = 'contracts.problem.value';
          return [name, value];
        }),
      ),
    ) as unknown as AnyTier[];
    return { tiers, found };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setAlert(null);
    const { tiers, found } = read();
    if (!downline.trim()) found.downline = 'validation.required';
    setErrors(found);
    if (Object.keys(found).length) return;
    const problem = tiersProblem(kind, tiers) as ParseKeys | null;
    if (problem) return setAlert(problem);
    if (!withinCeiling(topRates(kind, tiers), data.ceiling)) return setAlert('errors.contract_rate_ceiling');
    setBusy(true);
    try {
      const answer = await processContract(kind, { action: 'offer', downline: downline.trim(), period, tiers } as never);
      setDone(answer.contract.downline);
      setDownline('');
      await onOffered(answer.contract.downline);
    } catch (error) {
      setAlert(errorMessageKey(error));
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (key: string) => errors[key];
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('contracts.offer.form')}
      className="flex flex-col gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4"
      data-testid="offer-form"
    >
      <p className="text-sm text-slate-300" data-testid="offer-limit">
        {ceilingText(data.ceiling)}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-downline`} className="text-sm text-slate-200">
            {t('contracts.offer.downline')}
          </label>
          <input
            id={`${id}-downline`}
            className={inputClass}
            list={`${id}-downlines`}
            value={downline}
            maxLength={64}
            autoComplete="off"
            aria-invalid={errorOf('downline') ? true : undefined}
            aria-describedby={errorOf('downline') ? `${id}-downline-error` : `${id}-downline-hint`}
            onChange={(event) => setDownline(event.target.value)}
          />
          <datalist id={`${id}-downlines`}>
            {data.downlines.map((account) => (
              <option key={account} value={account} />
            ))}
          </datalist>
          {errorOf('downline') ? (
            <p id={`${id}-downline-error`} className="text-sm text-rose-300">
              {t(errorOf('downline') as ParseKeys)}
            </p>
          ) : (
            <p id={`${id}-downline-hint`} className="text-xs text-slate-400">
              {data.downlines.length ? t('contracts.offer.downline_hint') : t('contracts.offer.no_downlines')}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-period`} className="text-sm text-slate-200">
            {t('contracts.period_label')}
          </label>
          <select
            id={`${id}-period`}
            className={inputClass}
            value={period}
            onChange={(event) => setPeriod(event.target.value as ContractPeriod)}
          >
            {data.periods.map((option) => (
              <option key={option} value={option}>
                {t(`contracts.period.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-100">{t('contracts.tiers')}</legend>
        <p className="text-xs text-slate-400">{t('contracts.offer.tiers_hint')}</p>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tier row has no id; its place is its identity
          <div key={index} className="flex flex-col gap-2 rounded-xl border border-slate-800 p-3" data-testid="tier-row">
            <p className="text-xs font-semibold text-slate-300">{t('contracts.tier_n', { n: index + 1 })}</p>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              {fields.map((name) => {
                const key = `${index}.${name}`;
                const inputId = `${id}-${index}-${name}`;
                return (
                  <div key={name} className="flex flex-col gap-1">
                    <label htmlFor={inputId} className="text-xs text-slate-300">
                      {t(FIELD_LABELS[name] as ParseKeys)}
                      {fieldKind(name) === 'rate' ? ' (%)' : ''}
                    </label>
                    <input
                      id={inputId}
                      className={inputClass}
                      inputMode={fieldKind(name) === 'count' ? 'numeric' : 'decimal'}
                      value={row[name] ?? ''}
                      aria-invalid={errorOf(key) ? true : undefined}
                      aria-describedby={errorOf(key) ? `${inputId}-error` : undefined}
                      onChange={(event) =>
                        setRows((current) =>
                          current.map((other, at) => (at === index ? { ...other, [name]: event.target.value } : other)),
                        )
                      }
                    />
                    {errorOf(key) && (
                      <p id={`${inputId}-error`} className="text-xs text-rose-300">
                        {t(errorOf(key) as ParseKeys)}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
            {rows.length > 1 && (
              <Button
                variant="ghost"
                className="self-start"
                onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
              >
                {t('contracts.offer.remove_tier', { n: index + 1 })}
              </Button>
            )}
          </div>
        ))}
        {rows.length < MAX_TIERS && (
          <Button variant="secondary" className="self-start" onClick={() => setRows((current) => [...current, blank()])}>
            {t('contracts.offer.add_tier')}
          </Button>
        )}
      </fieldset>
      {alert && (
        <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {t(alert)}
        </p>
      )}
      <p role="status" className="text-sm text-emerald-300" data-testid="offer-done">
        {done ? t('contracts.offer.done', { account: done }) : ''}
      </p>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="min-h-11 w-full">
        {t('contracts.offer.submit')}
      </Button>
    </form>
  );
}
