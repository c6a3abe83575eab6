import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositChannel, DepositOrder, DepositStatus } from '@tessera/contract/api/deposits';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import { localDigits } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/use-money';
import { EmptyState } from '../../../ui/empty-state';
import { FileField } from '../../../ui/form/file-field';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { MoneyField } from '../../../ui/form/money-field';
import { checksResolver, moneyAmount } from '../../../ui/form/rules-resolver';
import { ListStates, LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { RowList } from '../../../ui/list-page/row-list';
import { DepositBonusOffer } from '../../promotions/deposit-bonus-offer';
import { createDeposit, depositChannelsQuery, depositOrdersQuery, uploadProof } from '../api/deposit-calls';
import { GatewayPayment } from './gateway-payment';

const STATUS_KEYS: Record<DepositStatus, ParseKeys> = {
  pending: 'deposit.status.pending',
  approved: 'deposit.status.approved',
  rejected: 'deposit.status.rejected',
  failed: 'deposit.status.failed',
  expired: 'deposit.status.expired',
};
const STATUS_CLASS: Record<DepositStatus, string> = {
  pending: 'bg-amber-400/15 text-amber-200',
  approved: 'bg-emerald-400/15 text-emerald-200',
  rejected: 'bg-rose-400/15 text-rose-200',
  failed: 'bg-rose-400/15 text-rose-200',
  expired: 'bg-slate-400/15 text-slate-200',
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

interface DepositValues {
  amount: string;
  reference: string;
  proof: File[];
}

/** Proof images replace the ones chosen before; a choice with an unsuitable image keeps none. */
const chooseProof = (_current: File[], chosen: File[]) => {
  const isValid = chosen.every(
    (file) => (FEEDBACK_LIMITS.imageTypes as readonly string[]).includes(file.type) && file.size <= FEEDBACK_LIMITS.imageMaxBytes,
  );
  return chosen.length > FEEDBACK_LIMITS.imagesMax || !isValid
    ? { files: [], problem: { key: 'deposit.proof_invalid', params: { limit: FEEDBACK_LIMITS.imagesMax } } }
    : { files: chosen, problem: null };
};

function DepositForm({ channel }: { channel: DepositChannel }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [result, setResult] = useState<DepositOrder | null>(null);
  const [hosted, setHosted] = useState<DepositOrder | null>(null);
  const form = useForm<DepositValues>({
    defaultValues: { amount: '', reference: '', proof: [] },
    resolver: checksResolver<DepositValues>({
      amount: [
        moneyAmount(money.parse, { key: 'deposit.amount_invalid', params: {} }),
        moneyAmount(money.parse, { key: 'deposit.limits', params: {} }, { min: channel.minMinor, max: channel.maxMinor }),
      ],
    }),
  });
  const amount = useWatch({ control: form.control, name: 'amount' });

  const handleSubmit = async (values: DepositValues) => {
    const order = await createDeposit({
      channel: channel.code,
      amountMinor: money.parse(values.amount) ?? '0',
      requestId,
      ...(values.reference ? { reference: values.reference } : {}),
    });
    let done = order;
    if (values.proof.length > 0 && order.status === 'pending') {
      setProgress(0);
      try {
        done = await uploadProof(order.id, values.proof, setProgress);
      } finally {
        setProgress(null);
      }
    }
    if (done.payment) setHosted(done);
    else setResult(done);
    form.reset();
    setRequestId(newRequestId());
    void client.invalidateQueries({ queryKey: ['deposit', 'orders'] });
    void client.invalidateQueries({ queryKey: ['wallet'] });
    void client.invalidateQueries({ queryKey: ['promotions'] });
  };

  const limits = { min: money.format(channel.minMinor), max: money.format(channel.maxMinor) };
  if (hosted) return <GatewayPayment order={hosted} onAgain={() => setHosted(null)} />;
  return (
    <Form
      form={form}
      onSubmit={handleSubmit}
      onAttempt={() => setResult(null)}
      messageParams={limits}
      className="flex flex-col gap-4"
      label={t('deposit.form_label', { channel: channel.name })}
    >
      {channel.playMoney && (
        <p className="rounded-lg border border-sky-500/40 bg-sky-950 px-3 py-2 text-sm text-sky-100">
          {t('deposit.play_money_notice')}
        </p>
      )}
      {channel.instructions && <p className="text-sm whitespace-pre-line text-slate-300">{channel.instructions}</p>}
      {channel.hosted && (
        <p className="text-sm text-slate-300">
          {t('deposit.gateway.notice', { minutes: localDigits(String(channel.paymentMinutes), i18n.language) })}
        </p>
      )}
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
      <MoneyField<DepositValues>
        name="amount"
        label={t('deposit.amount')}
        hint={t('deposit.limits', limits)}
        testId="deposit-amount"
      />
      {channel.quickAmountsMinor.length > 0 && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('deposit.quick_amounts')}</legend>
          {channel.quickAmountsMinor.map((quick) => (
            <button
              key={quick}
              type="button"
              aria-pressed={money.parse(amount) === quick}
              onClick={() => form.setValue('amount', money.plain(quick), { shouldValidate: form.formState.isSubmitted })}
              className="min-h-9 rounded-lg border border-slate-600 px-3 text-sm text-slate-100 hover:bg-slate-800 aria-pressed:border-amber-400 aria-pressed:text-amber-200"
            >
              {money.format(quick)}
            </button>
          ))}
        </fieldset>
      )}
      {!channel.instant && (
        <>
          <TextField<DepositValues>
            name="reference"
            maxLength={100}
            autoComplete="off"
            label={t('deposit.reference')}
            hint={t('deposit.reference_hint')}
            data-testid="deposit-reference"
          />
          <FileField<DepositValues>
            name="proof"
            label={t('deposit.proof')}
            hint={t('deposit.proof_hint', { count: FEEDBACK_LIMITS.imagesMax })}
            accept="image/png,image/jpeg"
            multiple
            choose={chooseProof}
          />
        </>
      )}
      <FormAlert />
      {progress !== null && <progress className="w-full" max={1} value={progress} aria-label={t('deposit.uploading')} />}
      <FormNotice testId="deposit-result">
        {result &&
          (result.status === 'approved'
            ? t('deposit.result_approved', { amount: money.format(result.amountMinor) })
            : t('deposit.result_pending', { id: result.id }))}
      </FormNotice>
      <SubmitButton pendingLabel={t('deposit.submitting')} data-testid="deposit-submit">
        {t('deposit.submit')}
      </SubmitButton>
    </Form>
  );
}

function OrderList() {
  const { t } = useTranslation();
  const money = useMoney();
  const orders = useQuery(depositOrdersQuery(1));
  return (
    <ListStates
      query={orders}
      isEmpty={(data) => data.list.length === 0}
      empty={<EmptyState title={t('deposit.orders_empty')} />}
      failedText="deposit.orders_failed"
    >
      {(data) => (
        <RowList
          label={t('deposit.orders')}
          rows={data.list}
          rowKey={(order) => order.id}
          rowClassName="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm"
          testId="deposit-orders"
        >
          {(order) => (
            <>
              <span className="font-semibold text-slate-100">{money.format(order.amountMinor)}</span>
              <span className="text-slate-400">{order.channelName}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS_CLASS[order.status]}`}>
                {order.status === 'pending' && order.payment && !order.review
                  ? t('deposit.status.awaiting_payment')
                  : t(STATUS_KEYS[order.status])}
              </span>
              <span className="ms-auto text-xs text-slate-400">{formatDateTime(order.createdAt)}</span>
              {order.reason && <p className="w-full text-xs text-rose-200">{t('deposit.reason', { reason: order.reason })}</p>}
            </>
          )}
        </RowList>
      )}
    </ListStates>
  );
}

/** The members-centre `depositv2` page: channels, the deposit form, and the member's orders. */
export default function DepositPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const channels = useQuery(depositChannelsQuery(i18n.language));
  const [chosen, setChosen] = useState<string | null>(null);
  const list = channels.data?.channels ?? [];
  const channel = list.find((entry) => entry.code === chosen) ?? list[0];

  return (
    <div className="flex flex-col gap-6" data-testid="deposit-page">
      <h2 className="text-lg font-semibold">{t('deposit.title')}</h2>
      {channels.isPending ? (
        <Loading />
      ) : channels.isError ? (
        <LoadFailed text="deposit.channels_failed" onRetry={() => void channels.refetch()} />
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
                {/* Decorative: the channel's name beside it says the same. */}
                <img
                  src={`/channel-logos/${entry.logo}.svg`}
                  alt=""
                  width={32}
                  height={32}
                  className="h-8 w-8 shrink-0 rounded-md"
                  data-testid={`channel-logo-${entry.code}`}
                />
                <span className="flex flex-col py-1">
                  <span>{entry.name}</span>
                  <span className="text-xs text-slate-400">
                    {t('deposit.limits', { min: money.format(entry.minMinor), max: money.format(entry.maxMinor) })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <DepositBonusOffer />
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
