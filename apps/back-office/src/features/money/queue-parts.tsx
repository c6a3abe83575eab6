import { PAST_PRESETS } from '@tessera/contract/date-presets';
import type { MONEY_PAGE_SIZES, RiskHint } from '@tessera/contract/routes/back-office-money';
import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayEnd, dayStart } from '../../lib/dates';
import { useCall } from '../../lib/use-call';
import type { FilterField } from '../../ui/filter-form';
import type { FilterValues } from '../../ui/list-state';
import { DoneNotice, ErrorNotice } from '../../ui/states';

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
  const input = useRef<HTMLInputElement>(null);
  // Opened by pressing Reject: the reason is what comes next.
  useEffect(() => input.current?.focus(), []);
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
      <input id={id} name="reason" required minLength={3} maxLength={500} autoComplete="off" ref={input} />
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

/** A queue's filters: status, player account and days; empty means any. */
export interface QueueFilters extends FilterValues {
  status: string;
  account: string;
  from: string;
  to: string;
}

export type QueueSort = 'created' | 'amount';

/** The queue's filter as its calls take it. */
export const queueQuery = <Status extends string>(filters: QueueFilters, statuses: readonly Status[]) => ({
  status: statuses.find((status) => status === filters.status),
  account: filters.account || undefined,
  from: dayStart(filters.from),
  to: dayEnd(filters.to),
});

/** The fields of a queue's filter form, its statuses named from `money.statuses`. */
export function useQueueFilterFields(statuses: readonly string[]): FilterField[] {
  const { t } = useTranslation();
  return [
    {
      kind: 'select',
      name: 'status',
      label: t('money.status'),
      anyLabel: t('money.any_status'),
      options: statuses.map((status) => ({ value: status, label: t(`money.statuses.${status}`) })),
    },
    { kind: 'text', name: 'account', label: t('money.account'), maxLength: 64 },
    { kind: 'days', from: 'from', to: 'to', fromLabel: t('money.from'), toLabel: t('money.to'), presets: PAST_PRESETS },
  ];
}

/**
 * The decisions taken on a queue's rows: which row is busy or has its reject form open, and the outcome. After a
 * decision, `refresh` loads again what it changed.
 */
export function useDecisions(refresh: () => Promise<unknown>) {
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Runs a call that is not a decision (an export): only its failure shows. */
  const guard = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    }
  };
  const run = async (id: string, action: () => Promise<string>) => {
    setBusy(id);
    setNotice(null);
    await guard(async () => {
      const done = await action();
      await refresh();
      setNotice(done);
    });
    setBusy(null);
  };
  /** A rejection: its failure shows in the reason form, which stays open. */
  const reject = async (action: () => Promise<string>) => {
    setError(null);
    setNotice(null);
    const done = await action();
    await refresh();
    setRejecting(null);
    setNotice(done);
  };
  return { busy, rejecting, setRejecting, error, notice, guard, run, reject };
}

export type Decisions = ReturnType<typeof useDecisions>;

/** The outcome of the last decision or export: the failure, or what was done. */
export function DecisionOutcome({ decisions }: { decisions: Decisions }) {
  return (
    <>
      {decisions.error !== null && <ErrorNotice error={decisions.error} />}
      {decisions.notice && <DoneNotice>{decisions.notice}</DoneNotice>}
    </>
  );
}

/**
 * A pending row's actions: approve (or what stands in its place, such as "yours"), and reject, which opens the
 * reason form; cancelling it gives the focus back to the reject button.
 */
export function DecisionCell({
  id,
  decisions,
  approve,
  instead,
  rejectLabel,
  onReject,
}: {
  id: string;
  decisions: Decisions;
  approve?: { label: string; ariaLabel: string; run: () => Promise<string> };
  instead?: ReactNode;
  rejectLabel: string;
  onReject: (reason: string) => Promise<string>;
}) {
  const { t } = useTranslation();
  const rejectButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const open = decisions.rejecting === id;
  useEffect(() => {
    if (wasOpen.current && !open) rejectButton.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (open) {
    return (
      <ReasonForm
        label={t('money.reject_reason')}
        submitLabel={t('money.reject')}
        onCancel={() => decisions.setRejecting(null)}
        onSubmit={(reason) => decisions.reject(() => onReject(reason))}
      />
    );
  }
  return (
    <div className="row-actions">
      {approve ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={decisions.busy === id}
          onClick={() => void decisions.run(id, approve.run)}
          aria-label={approve.ariaLabel}
        >
          {approve.label}
        </button>
      ) : (
        instead
      )}
      <button
        ref={rejectButton}
        type="button"
        className="btn"
        onClick={() => decisions.setRejecting(id)}
        aria-label={rejectLabel}
      >
        {t('money.reject')}
      </button>
    </div>
  );
}
