import type { MONEY_PAGE_SIZES, RiskHint } from '@tessera/contract/routes/back-office-money';
import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../lib/use-call';
import { ErrorNotice } from '../../ui/states';

export type PageSize = (typeof MONEY_PAGE_SIZES)[number];

/** The merchant's currency and four-eyes threshold, for formatting amounts and saying what needs a second look. */
export function useMoneySettings() {
  return useCall(moneyRoutes.threshold);
}

/** The risk hints of a queue row, as labelled badges. */
export function Hints({ hints }: { hints: readonly RiskHint[] }) {
  const { t } = useTranslation();
  if (hints.length === 0) return <span className="muted">–</span>;
  return (
    <ul className="hints" aria-label={t('money.hints_label')}>
      {hints.map((hint) => (
        <li key={hint} className="badge badge-risk" title={t(`money.hint_help.${hint}`)}>
          {t(`money.hints.${hint}`)}
        </li>
      ))}
    </ul>
  );
}

/** A reason typed before a rejection: required, 3-500 characters, sent with the decision. */
export function ReasonForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(reason);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <form className="reason-form" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name="reason" required minLength={3} maxLength={500} autoComplete="off" />
      <button type="submit" className="btn btn-danger" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        {t('money.cancel')}
      </button>
      {error !== null && <ErrorNotice error={error} />}
    </form>
  );
}

/** Proof images of a row, each loaded when staff open it. */
export function ProofButtons({ count, load }: { count: number; load: (position: number) => Promise<{ dataUrl: string }> }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ position: number; url: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (count === 0) return <span className="muted">–</span>;
  const open = async (position: number) => {
    setError(null);
    try {
      setShown({ position, url: (await load(position)).dataUrl });
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <div className="proofs">
      {Array.from({ length: count }, (_, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: proofs are numbered by position and never reorder
        <button key={position} type="button" className="btn btn-small" onClick={() => void open(position)}>
          {t('money.proof_n', { n: position + 1 })}
        </button>
      ))}
      {shown && (
        <figure className="proof">
          <img src={shown.url} alt={t('money.proof_alt', { n: shown.position + 1 })} />
          <button type="button" className="btn btn-small" onClick={() => setShown(null)}>
            {t('money.close')}
          </button>
        </figure>
      )}
      {error !== null && <ErrorNotice error={error} />}
    </div>
  );
}

export interface QueueFilters {
  status: string;
  account: string;
  from: string;
  to: string;
  sort: 'created' | 'amount';
  order: 'asc' | 'desc';
}

/** The filters of a queue: status, player account, days, and the order of the rows; the CSV export beside them. */
export function QueueFilterForm({
  statuses,
  filters,
  onApply,
  onExport,
}: {
  statuses: readonly string[];
  filters: QueueFilters;
  onApply: (filters: QueueFilters) => void;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    onApply({
      status: text('status'),
      account: text('account'),
      from: text('from'),
      to: text('to'),
      sort: text('sort') === 'amount' ? 'amount' : 'created',
      order: text('order') === 'asc' ? 'asc' : 'desc',
    });
  };
  return (
    <form className="panel filters" onSubmit={apply} aria-label={t('money.filters')}>
      <div className="field">
        <label htmlFor={`${id}-status`}>{t('money.status')}</label>
        <select id={`${id}-status`} name="status" defaultValue={filters.status}>
          <option value="">{t('money.any_status')}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`money.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-account`}>{t('money.account')}</label>
        <input id={`${id}-account`} name="account" defaultValue={filters.account} maxLength={64} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('money.from')}</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('money.to')}</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`}>{t('money.sort')}</label>
        <select id={`${id}-sort`} name="sort" defaultValue={filters.sort}>
          <option value="created">{t('money.sort_created')}</option>
          <option value="amount">{t('money.sort_amount')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-order`}>{t('money.order')}</label>
        <select id={`${id}-order`} name="order" defaultValue={filters.order}>
          <option value="desc">{t('money.order_desc')}</option>
          <option value="asc">{t('money.order_asc')}</option>
        </select>
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          {t('money.apply')}
        </button>
        <button type="button" className="btn" onClick={onExport}>
          {t('money.export')}
        </button>
      </div>
    </form>
  );
}
