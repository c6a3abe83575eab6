import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalStatus } from '@tessera/contract/api/withdrawals';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import { formatInteger, localDigits } from '@tessera/contract/money-format';
import { PAYOUT_FAILED_REASON } from '@tessera/contract/routes/withdrawals';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { FileField } from '../../../ui/form/file-field';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { GoogleCodeField } from '../../../ui/form/google-code-field';
import { MoneyField } from '../../../ui/form/money-field';
import { RemarkField, remarkWithinLimit } from '../../../ui/form/remark-field';
import { checksResolver, type FieldMessage, moneyAmount, required } from '../../../ui/form/rules-resolver';
import { SelectField } from '../../../ui/form/select-field';
import { ListStates, LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { RowList } from '../../../ui/list-page/row-list';
import { BonusForfeitNotice } from '../../promotions/bonus-forfeit-notice';
import {
  confirmWithdrawal,
  createWithdrawal,
  reportNotReceived,
  withdrawalInfoQuery,
  withdrawalOrdersQuery,
} from '../api/withdrawal-calls';

const STATUS_KEYS: Record<WithdrawalStatus, ParseKeys> = {
  pending: 'withdrawal.status.pending',
  paying_out: 'withdrawal.status.paying_out',
  rejected: 'withdrawal.status.rejected',
  awaiting_confirmation: 'withdrawal.status.awaiting_confirmation',
  partially_received: 'withdrawal.status.partially_received',
  disputed: 'withdrawal.status.disputed',
  completed: 'withdrawal.status.completed',
};
const CONFIRMABLE: WithdrawalStatus[] = ['awaiting_confirmation', 'partially_received', 'disputed'];
const sectionClass = 'flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/60 p-4';

const AMOUNT_INVALID: FieldMessage = { key: 'withdrawal.errors.amount_invalid', params: {} };
const PROOF_REQUIRED: FieldMessage = { key: 'withdrawal.errors.proof_required', params: {} };
/** A wrong, unset or locked payment password is the password field's problem; a wrong authenticator code is its own. */
const errorFieldOf = (error: { code: string }) => {
  if (/payment/.test(error.code)) return 'paymentPassword' as const;
  return error.code.startsWith('twofactor.') ? ('googleCode' as const) : undefined;
};

interface RequestValues {
  payoutAccountId: string;
  amount: string;
  paymentPassword: string;
  googleCode: string;
}

function RequestForm() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const { data: info } = useQuery(withdrawalInfoQuery());
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<Withdrawal | null>(null);
  const [forfeitConfirmed, setForfeitConfirmed] = useState(false);
  const form = useForm<RequestValues>({
    defaultValues: { payoutAccountId: info?.payoutAccounts[0]?.id ?? '', amount: '', paymentPassword: '', googleCode: '' },
    resolver: checksResolver<RequestValues>({
      amount: [moneyAmount(money.parse, AMOUNT_INVALID)],
      paymentPassword: [required()],
      ...(info?.twoFactorEnabled ? { googleCode: [required()] } : {}),
    }),
  });
  if (!info) return null;
  const goToSecurity = () =>
    setSearchParams((params) => {
      params.set('mc', 'securityCenter');
      return params;
    });
  const handleSubmit = async (values: RequestValues) => {
    const withdrawal = await createWithdrawal({
      requestId,
      amount: money.parse(values.amount) ?? '0',
      payoutAccountId: values.payoutAccountId || (info.payoutAccounts[0]?.id ?? ''),
      paymentPassword: values.paymentPassword,
      ...(info.twoFactorEnabled ? { googleCode: values.googleCode.trim() } : {}),
      ...(forfeitConfirmed ? { forfeitBonus: true } : {}),
    });
    setDone(withdrawal);
    setForfeitConfirmed(false);
    form.reset({ ...values, amount: '', paymentPassword: '', googleCode: '' });
    setRequestId(crypto.randomUUID());
    void client.invalidateQueries({ queryKey: ['withdrawal'] });
    void client.invalidateQueries({ queryKey: ['wallet'] });
    void client.invalidateQueries({ queryKey: ['promotions'] });
  };
  const limits = t('withdrawal.limits', {
    min: money.format(info.minAmount),
    max: money.format(info.maxAmount),
    remaining: money.format(info.remainingToday),
  });
  const levelLimits =
    info.limitsLevel === null
      ? null
      : [
          t('withdrawal.level_limits', { level: localDigits(info.limitsLevel, i18n.language), max: money.format(info.dailyMax) }),
          ...(info.remainingCountToday === null
            ? []
            : [t('withdrawal.level_count', { left: formatInteger(info.remainingCountToday, i18n.language) })]),
        ].join('; ');
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
        <Form
          form={form}
          onSubmit={handleSubmit}
          onAttempt={() => setDone(null)}
          errorField={errorFieldOf}
          className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        >
          <SelectField<RequestValues>
            name="payoutAccountId"
            label={t('withdrawal.account')}
            options={info.payoutAccounts.map((account) => ({
              value: account.id,
              label: `${account.provider} ${account.accountNumberMasked} · ${account.holderName}`,
            }))}
          />
          <MoneyField<RequestValues>
            name="amount"
            label={t('withdrawal.amount')}
            hint={levelLimits ? `${limits}. ${levelLimits}` : limits}
          />
          <TextField<RequestValues>
            name="paymentPassword"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            label={t('withdrawal.payment_password')}
          />
          {info.twoFactorEnabled && <GoogleCodeField<RequestValues> name="googleCode" />}
          <BonusForfeitNotice confirmed={forfeitConfirmed} onConfirm={setForfeitConfirmed} />
          <div className="flex items-end">
            <SubmitButton isWide={false}>{t('withdrawal.submit')}</SubmitButton>
          </div>
          <div className="sm:col-span-2">
            <FormAlert />
          </div>
        </Form>
      )}
      <FormNotice>{done && t('withdrawal.requested', { amount: money.format(done.amount) })}</FormNotice>
    </section>
  );
}

interface ReceivedValues {
  receivedAmount: string;
}

interface ReportValues {
  proof: File[];
  note: string;
}

/** One proof image; an unsuitable one is refused as it is chosen. */
const chooseProof = (_current: File[], [file]: File[]) =>
  file && (FEEDBACK_LIMITS.imageTypes as readonly string[]).includes(file.type) && file.size <= FEEDBACK_LIMITS.imageMaxBytes
    ? { files: [file], problem: null }
    : { files: [], problem: file ? PROOF_REQUIRED : null };

/**
 * What the player can say about a paid withdrawal. Once they reported it missing, support is on it: they may
 * still tell that it (or part of it) arrived after all, but not report it missing again.
 */
function ConfirmActions({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const [mode, setMode] = useState<'none' | 'partial' | 'missing'>('none');
  const [progress, setProgress] = useState<number | null>(null);
  const received = useForm<ReceivedValues>({
    defaultValues: { receivedAmount: '' },
    resolver: checksResolver<ReceivedValues>({ receivedAmount: [moneyAmount(money.parse, AMOUNT_INVALID)] }),
  });
  const report = useForm<ReportValues>({
    defaultValues: { proof: [], note: '' },
    resolver: checksResolver<ReportValues>({
      proof: [(_value, values) => (values.proof.length > 0 ? null : PROOF_REQUIRED)],
      note: [remarkWithinLimit()],
    }),
  });
  const refresh = () => {
    setMode('none');
    void client.invalidateQueries({ queryKey: ['withdrawal'] });
  };
  const confirmAll = useMutation({
    mutationFn: () => confirmWithdrawal({ id: withdrawal.id, action: 'all_received' }),
    onSuccess: refresh,
  });
  const handleReceived = async (values: ReceivedValues) => {
    await confirmWithdrawal({ id: withdrawal.id, action: 'received', receivedAmount: money.parse(values.receivedAmount) ?? '0' });
    refresh();
  };
  const handleReport = async (values: ReportValues) => {
    const [proof] = values.proof;
    if (!proof) return;
    setProgress(0);
    try {
      await reportNotReceived(withdrawal.id, proof, values.note, setProgress);
    } finally {
      setProgress(null);
    }
    refresh();
  };
  const isDisputed = withdrawal.status === 'disputed';
  return (
    <div className="flex flex-col gap-2">
      {isDisputed && <p className="text-slate-300">{t('withdrawal.disputed_note')}</p>}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => confirmAll.mutate()} disabled={confirmAll.isPending}>
          {t(isDisputed ? 'withdrawal.actions.arrived_after_all' : 'withdrawal.actions.all_received')}
        </Button>
        <Button variant="secondary" onClick={() => setMode(mode === 'partial' ? 'none' : 'partial')}>
          {t(isDisputed ? 'withdrawal.actions.part_arrived' : 'withdrawal.actions.received')}
        </Button>
        {!isDisputed && (
          <Button variant="secondary" onClick={() => setMode(mode === 'missing' ? 'none' : 'missing')}>
            {t('withdrawal.actions.not_received')}
          </Button>
        )}
      </div>
      {confirmAll.isError && (
        <p role="alert" className="text-sm text-rose-300">
          {t(errorMessageKey(confirmAll.error))}
        </p>
      )}
      {mode === 'partial' && (
        <Form form={received} onSubmit={handleReceived} className="flex flex-wrap items-end gap-2">
          <MoneyField<ReceivedValues>
            name="receivedAmount"
            label={t('withdrawal.received_amount')}
            hint={t('withdrawal.remaining', { amount: money.format(withdrawal.remainingAmount) })}
          />
          <SubmitButton isWide={false}>{t('withdrawal.actions.confirm')}</SubmitButton>
          <div className="w-full">
            <FormAlert />
          </div>
        </Form>
      )}
      {mode === 'missing' && (
        <Form form={report} onSubmit={handleReport} className="flex flex-col gap-2">
          <FileField<ReportValues>
            name="proof"
            label={t('withdrawal.proof')}
            hint={t('withdrawal.proof_hint')}
            accept="image/png,image/jpeg"
            choose={chooseProof}
          />
          <RemarkField<ReportValues> name="note" label={t('withdrawal.note')} />
          <FormAlert />
          <SubmitButton
            isWide={false}
            className="self-start"
            pendingLabel={progress !== null && t('withdrawal.uploading', { percent: Math.round(progress * 100) })}
          >
            {t('withdrawal.actions.send_report')}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

function RequestList() {
  const { t } = useTranslation();
  const money = useMoney();
  const orders = useQuery(withdrawalOrdersQuery(1));
  return (
    <ListStates
      query={orders}
      isEmpty={(data) => data.list.length === 0}
      empty={<EmptyState title={t('withdrawal.empty')} />}
      failedText="withdrawal.load_failed"
    >
      {(data) => (
        <RowList
          label={t('withdrawal.list_title')}
          rows={data.list}
          rowKey={(withdrawal) => withdrawal.id}
          rowClassName="flex flex-col gap-2 px-4 py-3 text-sm"
          rowTestId="withdrawal-row"
        >
          {(withdrawal) => (
            <>
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
              {withdrawal.rejectReason === PAYOUT_FAILED_REASON ? (
                <span className="text-rose-300">{t('withdrawal.payout_failed')}</span>
              ) : (
                withdrawal.rejectReason && (
                  <span className="text-rose-300">{t('withdrawal.reject_reason', { reason: withdrawal.rejectReason })}</span>
                )
              )}
              {withdrawal.autoReceiptAt &&
                (withdrawal.status === 'awaiting_confirmation' || withdrawal.status === 'partially_received') && (
                  <span className="text-slate-400">
                    {t('withdrawal.auto_receipt', { time: formatDateTime(withdrawal.autoReceiptAt) })}
                  </span>
                )}
              {CONFIRMABLE.includes(withdrawal.status) && <ConfirmActions withdrawal={withdrawal} />}
            </>
          )}
        </RowList>
      )}
    </ListStates>
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
        <Loading />
      ) : isError ? (
        <LoadFailed text="withdrawal.load_failed" onRetry={() => void refetch()} />
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
