import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DepositLimit,
  DepositLimitPeriod,
  ExclusionDuration,
  PlayerProtection,
} from '@tessera/contract/api/responsible-gaming';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Form, FormAlert, FormNotice, SubmitButton, showServerErrors } from '../../../ui/form/form';
import { MoneyField } from '../../../ui/form/money-field';
import { checksResolver, moneyAmount } from '../../../ui/form/rules-resolver';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { protectionQuery, saveDepositLimit, takeBreak } from '../api/protection';

const PERIOD_KEYS: Record<DepositLimitPeriod, ParseKeys> = {
  daily: 'responsible_gaming.period.daily',
  weekly: 'responsible_gaming.period.weekly',
  monthly: 'responsible_gaming.period.monthly',
};
const DURATION_KEYS: Record<ExclusionDuration, ParseKeys> = {
  '24h': 'responsible_gaming.duration.24h',
  '7d': 'responsible_gaming.duration.7d',
  '30d': 'responsible_gaming.duration.30d',
  '6m': 'responsible_gaming.duration.6m',
  permanent: 'responsible_gaming.duration.permanent',
};
const DURATIONS = Object.keys(DURATION_KEYS) as ExclusionDuration[];

/**
 * Player protection (deposit limits, time-out, self-exclusion), embedded by the security centre. Lowering a
 * limit applies at once; raising or removing it waits 24 hours, and the page shows when.
 */
export function PlayerProtectionSettings() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const protection = useQuery(protectionQuery(token));

  if (protection.isPending) return <Loading />;
  if (protection.isError) return <LoadFailed onRetry={() => void protection.refetch()} />;
  return (
    <section aria-labelledby="rg-title" className="flex flex-col gap-5" data-testid="player-protection">
      <div>
        <h2 id="rg-title" className="text-lg font-semibold text-slate-50">
          {t('responsible_gaming.title')}
        </h2>
        <p className="text-sm text-slate-400">{t('responsible_gaming.intro')}</p>
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        {protection.data.limits.map((limit) => (
          <LimitCard key={limit.period} limit={limit} />
        ))}
      </div>
      <ExclusionSection protection={protection.data} />
    </section>
  );
}

interface LimitValues {
  amount: string;
}

function LimitCard({ limit }: { limit: DepositLimit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  const [notice, setNotice] = useState<ParseKeys | null>(null);
  const form = useForm<LimitValues>({
    defaultValues: { amount: '' },
    resolver: checksResolver<LimitValues>({
      amount: [moneyAmount(money.parse, { key: 'responsible_gaming.limit.invalid_amount', params: {} })],
    }),
  });
  const save = useMutation({
    mutationFn: saveDepositLimit,
    onSuccess: (value, body) => {
      client.setQueryData(protectionQuery(token).queryKey, value);
      const saved = value.limits.find((l) => l.period === body.period);
      setNotice(saved?.pending ? 'responsible_gaming.limit.saved_pending' : 'responsible_gaming.limit.saved_now');
      form.reset();
    },
  });
  const handleSubmit = async (values: LimitValues) => {
    await save.mutateAsync({ period: limit.period, limitMinor: money.parse(values.amount) ?? '0' });
  };
  const handleRemove = () => {
    form.clearErrors();
    setNotice(null);
    save
      .mutateAsync({ period: limit.period, limitMinor: null })
      .catch((error: unknown) => showServerErrors(form, error, amountField));
  };

  return (
    <Form
      form={form}
      onSubmit={handleSubmit}
      onAttempt={() => setNotice(null)}
      errorField={amountField}
      label={t(PERIOD_KEYS[limit.period])}
      testId={`deposit-limit-${limit.period}`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4"
    >
      <h3 className="font-semibold text-slate-100">{t(PERIOD_KEYS[limit.period])}</h3>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('responsible_gaming.limit.current')}</dt>
        <dd className="text-right font-semibold text-slate-100" data-testid="limit-current">
          {limit.limitMinor === null ? t('responsible_gaming.limit.none') : money.format(limit.limitMinor)}
        </dd>
        <dt className="text-slate-400">{t('responsible_gaming.limit.used')}</dt>
        <dd className="text-right text-slate-200">{money.format(limit.usedMinor)}</dd>
      </dl>
      {limit.pending && (
        <p className="rounded-lg bg-amber-400/10 px-3 py-2 text-xs text-amber-200" data-testid="limit-pending">
          {t('responsible_gaming.limit.pending', {
            amount:
              limit.pending.limitMinor === null ? t('responsible_gaming.limit.none') : money.format(limit.pending.limitMinor),
            time: formatDateTime(limit.pending.effectiveAt),
          })}
        </p>
      )}
      <MoneyField<LimitValues>
        name="amount"
        label={t('responsible_gaming.limit.new')}
        hint={t('responsible_gaming.limit.hint')}
      />
      <FormAlert />
      <div className="flex flex-wrap gap-2">
        <SubmitButton isWide={false} disabled={save.isPending}>
          {t('responsible_gaming.limit.save')}
        </SubmitButton>
        {limit.limitMinor !== null && !(limit.pending && limit.pending.limitMinor === null) && (
          <Button variant="secondary" onClick={handleRemove} disabled={save.isPending}>
            {t('responsible_gaming.limit.remove')}
          </Button>
        )}
      </div>
      <FormNotice>{notice ? t(notice) : ''}</FormNotice>
    </Form>
  );
}

/** A limit form has one field: whatever the server refuses is shown under it. */
const amountField = () => 'amount' as const;

function ExclusionSection({ protection }: { protection: PlayerProtection }) {
  const { t } = useTranslation();
  const groupId = useId();
  const [duration, setDuration] = useState<ExclusionDuration>('24h');
  const [isConfirming, setConfirming] = useState(false);
  const [error, setError] = useState<ParseKeys | null>(null);
  const [result, setResult] = useState<PlayerProtection['exclusion']>(null);
  const start = useMutation({
    mutationFn: takeBreak,
    onSuccess: (value) => {
      setConfirming(false);
      setResult(value.exclusion);
    },
    onError: (failure) => setError(errorMessageKey(failure)),
  });
  const until = (ms: number | null) => (ms === null ? t('responsible_gaming.exclusion.until_operator') : formatDateTime(ms));
  // The server ended every session of the member; signing out here takes the player back to the public site.
  const handleDone = () => useSession.getState().sessionEnded();

  return (
    <section
      aria-labelledby={`${groupId}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4"
    >
      <h3 id={`${groupId}-title`} className="font-semibold text-slate-100">
        {t('responsible_gaming.exclusion.title')}
      </h3>
      <p className="text-sm text-slate-400">{t('responsible_gaming.exclusion.intro')}</p>
      {protection.exclusion ? (
        <p className="text-sm text-amber-200">
          {t('responsible_gaming.exclusion.active', { time: until(protection.exclusion.until) })}
        </p>
      ) : (
        <>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t('responsible_gaming.exclusion.choose')}</legend>
            {DURATIONS.map((option) => (
              <label
                key={option}
                className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300 ${duration === option ? 'border-amber-400 bg-amber-400/10 text-amber-100' : 'border-slate-700 text-slate-200'}`}
              >
                <input
                  type="radio"
                  name={`${groupId}-duration`}
                  value={option}
                  checked={duration === option}
                  onChange={() => setDuration(option)}
                  className="sr-only"
                />
                {t(DURATION_KEYS[option])}
              </label>
            ))}
          </fieldset>
          <div>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('responsible_gaming.exclusion.start')}
            </Button>
          </div>
        </>
      )}
      <Dialog
        open={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setError(null);
        }}
        title={t('responsible_gaming.exclusion.confirm_title')}
        closeLabel={t('modal.close')}
      >
        <div className="flex flex-col gap-4 text-sm text-slate-200">
          <p>
            {t(
              duration === 'permanent'
                ? 'responsible_gaming.exclusion.confirm_permanent'
                : 'responsible_gaming.exclusion.confirm_text',
              {
                duration: t(DURATION_KEYS[duration]),
              },
            )}
          </p>
          <p className="text-amber-200">{t('responsible_gaming.exclusion.cannot_shorten')}</p>
          {error && (
            <p role="alert" className="text-rose-300">
              {t(error)}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('responsible_gaming.exclusion.cancel')}
            </Button>
            <Button onClick={() => start.mutate({ duration })} disabled={start.isPending}>
              {t('responsible_gaming.exclusion.confirm')}
            </Button>
          </div>
        </div>
      </Dialog>
      <Dialog
        open={result !== null}
        onOpenChange={(open) => {
          if (!open) handleDone();
        }}
        title={t('responsible_gaming.exclusion.done_title')}
        closeLabel={t('modal.close')}
      >
        <div className="flex flex-col gap-4 text-sm text-slate-200">
          <p>{t('responsible_gaming.exclusion.done_text', { time: until(result?.until ?? null) })}</p>
          <div className="flex justify-end">
            <Button onClick={handleDone}>{t('modal.confirm')}</Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
