import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositChannel, DepositOrder, DepositStatus } from '@tessera/contract/api/deposits';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { FormField, inputClass } from '../../../ui/form-field';
import { Spinner } from '../../../ui/spinner';
import { createDeposit, depositChannelsQuery, depositOrdersQuery, uploadProof } from '../api/deposit-calls';

const STATUS_KEYS: Record<DepositStatus, ParseKeys> = {
  pending: 'deposit.status.pending',
  approved: 'deposit.status.approved',
  rejected: 'deposit.status.rejected',
  failed: 'deposit.status.failed',
};
const STATUS_CLASS: Record<DepositStatus, string> = {
  pending: 'bg-amber-400/15 text-amber-200',
  approved: 'bg-emerald-400/15 text-emerald-200',
  rejected: 'bg-rose-400/15 text-rose-200',
  failed: 'bg-rose-400/15 text-rose-200',
};

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      onClick={handleCopy}
      aria-label={t('deposit.copy_label', { label })}
      className="min-h-9 rounded-md border border-slate-600 px-3 text-xs font-semibold text-slate-100 hover:bg-slate-800"
    >
      <span aria-live="polite">{isCopied ? t('deposit.copied') : t('deposit.copy')}</span>
    </button>
  );
}

const newRequestId = () => crypto.randomUUID();

function DepositForm({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const proofId = useId();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [result, setResult] = useState<DepositOrder | null>(null);

  const submit = useMutation({
    mutationFn: async () => {
      const amountMinor = money.parse(amount);
      if (amountMinor === null || BigInt(amountMinor) <= 0n) throw new Error('deposit.amount_invalid');
      if (BigInt(amountMinor) < BigInt(channel.minMinor) || BigInt(amountMinor) > BigInt(channel.maxMinor)) {
        throw new Error('deposit.amount_range');
      }
      const order = await createDeposit({
        channel: channel.code,
        amountMinor,
        requestId,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      });
      if (files.length > 0 && order.status === 'pending') {
        setProgress(0);
        return uploadProof(order.id, files, setProgress);
      }
      return order;
    },
    onSuccess: (order) => {
      setResult(order);
      setAmount('');
      setReference('');
      setFiles([]);
      setRequestId(newRequestId());
      void client.invalidateQueries({ queryKey: ['deposit', 'orders'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.messageKey : failure.message),
    onSettled: () => setProgress(null),
  });

  const handleFiles = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const isValid = chosen.every(
      (file) =>
        (FEEDBACK_LIMITS.imageTypes as readonly string[]).includes(file.type) && file.size <= FEEDBACK_LIMITS.imageMaxBytes,
    );
    if (chosen.length > FEEDBACK_LIMITS.imagesMax || !isValid) {
      setError('deposit.proof_invalid');
      return;
    }
    setError(null);
    setFiles(chosen);
  };

  const limits = t('deposit.limits', { min: money.format(channel.minMinor), max: money.format(channel.maxMinor) });
  const errorText =
    error === 'deposit.amount_range' ? limits : error ? t(error as ParseKeys, { limit: FEEDBACK_LIMITS.imagesMax }) : undefined;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('deposit.form_label', { channel: channel.name })}
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        setResult(null);
        submit.mutate();
      }}
    >
      {channel.playMoney && (
        <p className="rounded-lg border border-sky-500/40 bg-sky-950 px-3 py-2 text-sm text-sky-100">
          {t('deposit.play_money_notice')}
        </p>
      )}
      {channel.instructions && <p className="text-sm whitespace-pre-line text-slate-300">{channel.instructions}</p>}
      {channel.accountDetails.length > 0 && (
        <dl className="flex flex-col gap-2 rounded-xl border border-slate-700 p-3">
          {channel.accountDetails.map((detail) => (
            <div key={detail.label} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <dt className="w-full text-xs text-slate-400 sm:w-40">{detail.label}</dt>
              <dd className="flex-1 font-mono text-sm break-all text-slate-100">{detail.value}</dd>
              <CopyButton value={detail.value} label={detail.label} />
            </div>
          ))}
        </dl>
      )}
      <FormField label={t('deposit.amount')} hint={limits} error={error?.startsWith('deposit.amount') ? errorText : undefined}>
        <input
          className={inputClass}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          data-testid="deposit-amount"
        />
      </FormField>
      {channel.quickAmountsMinor.length > 0 && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('deposit.quick_amounts')}</legend>
          {channel.quickAmountsMinor.map((quick) => (
            <button
              key={quick}
              type="button"
              aria-pressed={money.parse(amount) === quick}
              onClick={() => setAmount(money.plain(quick))}
              className="min-h-9 rounded-lg border border-slate-600 px-3 text-sm text-slate-100 hover:bg-slate-800 aria-pressed:border-amber-400 aria-pressed:text-amber-200"
            >
              {money.format(quick)}
            </button>
          ))}
        </fieldset>
      )}
      {!channel.instant && (
        <>
          <FormField label={t('deposit.reference')} hint={t('deposit.reference_hint')}>
            <input
              className={inputClass}
              maxLength={100}
              autoComplete="off"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              data-testid="deposit-reference"
            />
          </FormField>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={proofId} className="text-sm font-medium text-slate-200">
              {t('deposit.proof')}
            </label>
            <input
              id={proofId}
              type="file"
              accept="image/png,image/jpeg"
              multiple
              onChange={(event) => handleFiles(event.target.files)}
              className="text-sm text-slate-300 file:me-3 file:rounded-md file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-slate-100"
            />
            <p className="text-xs text-slate-400">{t('deposit.proof_hint', { count: FEEDBACK_LIMITS.imagesMax })}</p>
          </div>
        </>
      )}
      {error && !error.startsWith('deposit.amount') && (
        <p role="alert" className="text-sm text-rose-300">
          {errorText}
        </p>
      )}
      {progress !== null && <progress className="w-full" max={1} value={progress} aria-label={t('deposit.uploading')} />}
      {result && (
        <p role="status" className="rounded-lg bg-emerald-950 px-3 py-2 text-sm text-emerald-100" data-testid="deposit-result">
          {result.status === 'approved'
            ? t('deposit.result_approved', { amount: money.format(result.amountMinor) })
            : t('deposit.result_pending', { id: result.id })}
        </p>
      )}
      <Button type="submit" disabled={submit.isPending} data-testid="deposit-submit">
        {submit.isPending ? t('deposit.submitting') : t('deposit.submit')}
      </Button>
    </form>
  );
}

function OrderList() {
  const { t } = useTranslation();
  const money = useMoney();
  const orders = useQuery(depositOrdersQuery(1));
  if (orders.isPending) {
    return (
      <div role="status" className="grid place-items-center py-6">
        <Spinner />
        <span className="sr-only">{t('app.screen_loading')}</span>
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-rose-300">
        {t('deposit.orders_failed')}
        <Button variant="secondary" onClick={() => void orders.refetch()}>
          {t('app.boot.retry')}
        </Button>
      </div>
    );
  }
  if (orders.data.list.length === 0) return <EmptyState title={t('deposit.orders_empty')} />;
  return (
    <ul className="flex flex-col divide-y divide-slate-800" data-testid="deposit-orders">
      {orders.data.list.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          <span className="font-semibold text-slate-100">{money.format(order.amountMinor)}</span>
          <span className="text-slate-400">{order.channelName}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS_CLASS[order.status]}`}>{t(STATUS_KEYS[order.status])}</span>
          <span className="ms-auto text-xs text-slate-400">{formatDateTime(order.createdAt)}</span>
          {order.reason && <p className="w-full text-xs text-rose-200">{t('deposit.reason', { reason: order.reason })}</p>}
        </li>
      ))}
    </ul>
  );
}

/** The members-centre `depositv2` page: channels, the deposit form, and the member's orders. */
export default function DepositPage() {
  const { t, i18n } = useTranslation();
  const channels = useQuery(depositChannelsQuery(i18n.language));
  const [chosen, setChosen] = useState<string | null>(null);
  const list = channels.data?.channels ?? [];
  const channel = list.find((entry) => entry.code === chosen) ?? list[0];

  return (
    <div className="flex flex-col gap-6" data-testid="deposit-page">
      <h2 className="text-lg font-semibold">{t('deposit.title')}</h2>
      {channels.isPending ? (
        <div role="status" className="grid place-items-center py-10">
          <Spinner />
          <span className="sr-only">{t('app.screen_loading')}</span>
        </div>
      ) : channels.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-rose-300">
          {t('deposit.channels_failed')}
          <Button variant="secondary" onClick={() => void channels.refetch()}>
            {t('app.boot.retry')}
          </Button>
        </div>
      ) : !channel ? (
        <EmptyState title={t('deposit.channels_empty')} />
      ) : (
        <>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-2 text-sm text-slate-300">{t('deposit.channel')}</legend>
            {list.map((entry) => (
              <label
                key={entry.code}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-700 px-3 text-sm has-checked:border-amber-400 has-checked:bg-amber-400/10"
              >
                <input
                  type="radio"
                  name="deposit-channel"
                  value={entry.code}
                  checked={entry.code === channel.code}
                  onChange={() => setChosen(entry.code)}
                  className="accent-amber-400"
                />
                {entry.name}
              </label>
            ))}
          </fieldset>
          <DepositForm key={channel.code} channel={channel} />
        </>
      )}
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">{t('deposit.orders')}</h3>
        <OrderList />
      </section>
    </div>
  );
}
