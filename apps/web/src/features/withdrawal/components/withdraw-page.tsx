import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalStatus } from '@tessera/contract/api/withdrawals';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { FormField, inputClass } from '../../../ui/form-field';
import { Spinner } from '../../../ui/spinner';
import {
  confirmWithdrawal,
  createWithdrawal,
  reportNotReceived,
  withdrawalInfoQuery,
  withdrawalOrdersQuery,
} from '../api/withdrawal-calls';

const STATUS_KEYS: Record<WithdrawalStatus, ParseKeys> = {
  pending: 'withdrawal.status.pending',
  rejected: 'withdrawal.status.rejected',
  awaiting_confirmation: 'withdrawal.status.awaiting_confirmation',
  partially_received: 'withdrawal.status.partially_received',
  disputed: 'withdrawal.status.disputed',
  completed: 'withdrawal.status.completed',
};
const CONFIRMABLE: WithdrawalStatus[] = ['awaiting_confirmation', 'partially_received', 'disputed'];
const sectionClass = 'flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/60 p-4';

const errorText = (error: unknown, t: (key: ParseKeys, params?: Record<string, unknown>) => string) => {
  if (!error) return null;
  if (error instanceof ApiError) {
    const field = error.fields[0];
    return t((field && !field.key.startsWith('errors.withdrawal_') ? field.key : error.messageKey) as ParseKeys, field?.params);
  }
  return t(
    error instanceof Error && error.message.startsWith('withdrawal.') ? (error.message as ParseKeys) : 'errors.system_error',
  );
};

function RequestForm() {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const { data: info } = useQuery(withdrawalInfoQuery());
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<Withdrawal | null>(null);
  const submit = useMutation({
    mutationFn: () => {
      const amountMinor = money.parse(amount);
      if (amountMinor === null || BigInt(amountMinor) <= 0n) throw new Error('withdrawal.errors.amount_invalid');
      return createWithdrawal({
        requestId,
        amount: amountMinor,
        payoutAccountId: accountId || (info?.payoutAccounts[0]?.id ?? ''),
        paymentPassword: password,
      });
    },
    onSuccess: (withdrawal) => {
      setDone(withdrawal);
      setAmount('');
      setPassword('');
      setRequestId(crypto.randomUUID());
      void client.invalidateQueries({ queryKey: ['withdrawal'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  if (!info) return null;
  const goToSecurity = () =>
    setSearchParams((params) => {
      params.set('mc', 'securityCenter');
      return params;
    });
  const limits = t('withdrawal.limits', {
    min: money.format(info.minAmount),
    max: money.format(info.maxAmount),
    remaining: money.format(info.remainingToday),
  });
  return (
    <section className={sectionClass} aria-labelledby="withdraw-form">
      <h3 id="withdraw-form" className="text-base font-semibold text-slate-100">
        {t('withdrawal.form_title')}
      </h3>
      <p className="text-sm text-slate-300">
        {t('withdrawal.available')}: <strong className="text-lg text-amber-300">{money.format(info.available)}</strong>
      </p>
      {info.payoutAccounts.length === 0 || !info.paymentPasswordSet ? (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-950/40 p-3 text-sm text-amber-100">
          {info.payoutAccounts.length === 0 ? t('withdrawal.bind_first') : t('withdrawal.password_first')}
          <Button variant="secondary" onClick={goToSecurity}>
            {t('withdrawal.go_to_security')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="grid grid-cols-1 gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            submit.mutate();
          }}
        >
          <FormField label={t('withdrawal.account')}>
            <select
              className={inputClass}
              value={accountId || info.payoutAccounts[0]?.id}
              onChange={(e) => setAccountId(e.target.value)}
            >
              {info.payoutAccounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.provider} {account.accountNumberMasked} · {account.holderName}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('withdrawal.amount')} hint={limits}>
            <input className={inputClass} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </FormField>
          <FormField label={t('withdrawal.payment_password')}>
            <input
              type="password"
              inputMode="numeric"
              autoComplete="off"
              className={inputClass}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <div className="flex items-end">
            <Button type="submit" disabled={submit.isPending}>
              {t('withdrawal.submit')}
            </Button>
          </div>
        </form>
      )}
      <p role="status" className="text-sm">
        {done && <span className="text-emerald-300">{t('withdrawal.requested', { amount: money.format(done.amount) })}</span>}
        {submit.error && <span className="text-rose-300">{errorText(submit.error, t)}</span>}
      </p>
    </section>
  );
}

function ConfirmActions({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [mode, setMode] = useState<'none' | 'partial' | 'missing'>('none');
  const [received, setReceived] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const refresh = () => {
    setMode('none');
    void client.invalidateQueries({ queryKey: ['withdrawal'] });
  };
  const confirm = useMutation({
    mutationFn: (action: 'received' | 'all_received') => {
      if (action === 'all_received') return confirmWithdrawal({ id: withdrawal.id, action });
      const minor = money.parse(received);
      if (minor === null || BigInt(minor) <= 0n) throw new Error('withdrawal.errors.amount_invalid');
      return confirmWithdrawal({ id: withdrawal.id, action, receivedAmount: minor });
    },
    onSuccess: refresh,
  });
  const report = useMutation({
    mutationFn: () => {
      if (!proof) throw new Error('withdrawal.errors.proof_required');
      setProgress(0);
      return reportNotReceived(withdrawal.id, proof, note, setProgress);
    },
    onSuccess: refresh,
    onSettled: () => setProgress(null),
  });
  const handleProof = (file: File | undefined) => {
    report.reset();
    if (
      file &&
      (FEEDBACK_LIMITS.imageTypes as readonly string[]).includes(file.type) &&
      file.size <= FEEDBACK_LIMITS.imageMaxBytes
    )
      setProof(file);
    else setProof(null);
  };
  const error = errorText(confirm.error ?? report.error, t);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => confirm.mutate('all_received')} disabled={confirm.isPending}>
          {t('withdrawal.actions.all_received')}
        </Button>
        <Button variant="secondary" onClick={() => setMode(mode === 'partial' ? 'none' : 'partial')}>
          {t('withdrawal.actions.received')}
        </Button>
        <Button variant="secondary" onClick={() => setMode(mode === 'missing' ? 'none' : 'missing')}>
          {t('withdrawal.actions.not_received')}
        </Button>
      </div>
      {mode === 'partial' && (
        <form
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate('received');
          }}
        >
          <FormField
            label={t('withdrawal.received_amount')}
            hint={t('withdrawal.remaining', { amount: money.format(withdrawal.remainingAmount) })}
          >
            <input className={inputClass} inputMode="decimal" value={received} onChange={(e) => setReceived(e.target.value)} />
          </FormField>
          <Button type="submit" disabled={confirm.isPending}>
            {t('withdrawal.actions.confirm')}
          </Button>
        </form>
      )}
      {mode === 'missing' && (
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            report.mutate();
          }}
        >
          <FormField label={t('withdrawal.proof')} hint={t('withdrawal.proof_hint')}>
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="text-sm text-slate-200"
              onChange={(e) => handleProof(e.target.files?.[0])}
            />
          </FormField>
          <FormField label={t('withdrawal.note')}>
            <input className={inputClass} maxLength={140} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          <div>
            <Button type="submit" disabled={report.isPending || !proof}>
              {progress !== null
                ? t('withdrawal.uploading', { percent: Math.round(progress * 100) })
                : t('withdrawal.actions.send_report')}
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

function RequestList() {
  const { t } = useTranslation();
  const money = useMoney();
  const { data, isPending, isError } = useQuery(withdrawalOrdersQuery(1));
  if (isPending) return <Spinner />;
  if (isError) return <p role="alert">{t('withdrawal.load_failed')}</p>;
  if (data.list.length === 0) return <EmptyState title={t('withdrawal.empty')} />;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('withdrawal.list_title')}>
      {data.list.map((withdrawal) => (
        <li
          key={withdrawal.id}
          className="flex flex-col gap-2 rounded-lg bg-slate-800/70 p-3 text-sm"
          data-testid="withdrawal-row"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <strong className="text-base text-slate-100">{money.format(withdrawal.amount)}</strong>
            <span className="rounded-full bg-slate-700 px-2 py-0.5 text-xs font-semibold text-slate-100">
              {t(STATUS_KEYS[withdrawal.status])}
            </span>
          </div>
          <span className="text-slate-400">
            {formatDateTime(withdrawal.createdAt)} · {withdrawal.payoutAccount.provider}{' '}
            {withdrawal.payoutAccount.accountNumberMasked}
          </span>
          {withdrawal.status !== 'pending' && withdrawal.status !== 'rejected' && (
            <span className="text-slate-300">
              {t('withdrawal.received_line', {
                received: money.format(withdrawal.receivedAmount),
                remaining: money.format(withdrawal.remainingAmount),
              })}
            </span>
          )}
          {withdrawal.rejectReason && (
            <span className="text-rose-300">{t('withdrawal.reject_reason', { reason: withdrawal.rejectReason })}</span>
          )}
          {withdrawal.autoReceiptAt &&
            (withdrawal.status === 'awaiting_confirmation' || withdrawal.status === 'partially_received') && (
              <span className="text-slate-400">
                {t('withdrawal.auto_receipt', { time: formatDateTime(withdrawal.autoReceiptAt) })}
              </span>
            )}
          {CONFIRMABLE.includes(withdrawal.status) && <ConfirmActions withdrawal={withdrawal} />}
        </li>
      ))}
    </ul>
  );
}

/** Members centre `withdraw`: request a withdrawal, follow it, confirm receipt (spec §2.4, §4). */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const { isPending, isError, refetch } = useQuery(withdrawalInfoQuery());
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-slate-100">{t('withdrawal.title')}</h2>
      {isPending ? (
        <div role="status" className="flex items-center gap-3 text-slate-300">
          <Spinner />
          {t('withdrawal.loading')}
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-slate-200">
          {t('withdrawal.load_failed')}
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('withdrawal.retry')}
          </Button>
        </div>
      ) : (
        <RequestForm />
      )}
      <section className={sectionClass} aria-labelledby="withdraw-list">
        <h3 id="withdraw-list" className="text-base font-semibold text-slate-100">
          {t('withdrawal.list_title')}
        </h3>
        <RequestList />
      </section>
    </div>
  );
}
