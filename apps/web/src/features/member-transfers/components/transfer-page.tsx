import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberTransfer, MemberTransferInfo, TransferDirection } from '@tessera/contract/api/member-transfers';
import type { ParseKeys } from 'i18next';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';
import { LoadFailed, Loading } from '../../../ui/query-states';
import { memberTransfersQuery, sendTransfer } from '../api/transfers';

/**
 * Members-centre page `transferUpline`: send main-wallet money to the upline; agents get a second tab for
 * their downline. Each submission carries a request id kept across retries, so a resend never pays twice.
 */
export default function TransferPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const info = useQuery(memberTransfersQuery(token));
  const [tab, setTab] = useState<TransferDirection>('upline');
  const tabsId = useId();

  if (info.isPending) return <Loading />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  const data = info.data;
  const tabs: TransferDirection[] = data.canTransferDownline ? ['upline', 'downline'] : ['upline'];
  const active = tabs.includes(tab) ? tab : 'upline';
  const tabKey: Record<TransferDirection, ParseKeys> = { upline: 'transfers.tab.upline', downline: 'transfers.tab.downline' };

  return (
    <div className="flex flex-col gap-5" data-testid="member-transfers">
      <h2 className="text-lg font-semibold text-slate-50">{t('transfers.title')}</h2>
      {tabs.length > 1 && (
        <div role="tablist" aria-label={t('transfers.title')} className="flex gap-2">
          {tabs.map((option) => (
            <button
              key={option}
              id={`${tabsId}-${option}`}
              type="button"
              role="tab"
              aria-selected={option === active}
              aria-controls={`${tabsId}-panel`}
              onClick={() => setTab(option)}
              className={`min-h-10 rounded-lg border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-300 ${option === active ? 'border-amber-400 bg-amber-400/10 text-amber-100' : 'border-slate-700 text-slate-200'}`}
            >
              {t(tabKey[option])}
            </button>
          ))}
        </div>
      )}
      {tabs.length > 1 ? (
        <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${active}`}>
          <TransferForm key={active} direction={active} info={data} />
        </div>
      ) : (
        <TransferForm direction="upline" info={data} />
      )}
      <History entries={data.history} />
    </div>
  );
}

function TransferForm({ direction, info }: { direction: TransferDirection; info: MemberTransferInfo }) {
  const { t } = useTranslation();
  const money = useMoney();
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [toAccount, setToAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'toAccount' | 'password' | 'form', string>>>({});
  const [sent, setSent] = useState<MemberTransfer | null>(null);
  // One id per intended transfer: a retry after a network failure reuses it, a success starts a new one.
  const requestId = useRef(crypto.randomUUID());
  const send = useMutation({
    mutationFn: sendTransfer,
    onSuccess: (value) => {
      client.setQueryData(memberTransfersQuery(token).queryKey, value.info);
      void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
      void client.invalidateQueries({ queryKey: ['records'] });
      requestId.current = crypto.randomUUID();
      setSent(value.transfer);
      setAmount('');
      setPassword('');
      setToAccount('');
    },
    onError: (failure) => {
      const key = errorMessageKey(failure);
      const isPassword = failure instanceof ApiError && /payment/.test(failure.code);
      setErrors(
        isPassword
          ? { password: t(key) }
          : { form: t(key, { min: money.format(info.minMinor), max: money.format(info.maxMinor) }) },
      );
    },
  });

  if (direction === 'upline' && !info.upline) {
    return (
      <p className="rounded-2xl border border-slate-700 bg-slate-900 p-4 text-sm text-slate-300">{t('transfers.no_upline')}</p>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const minor = money.parse(amount);
    const next: typeof errors = {};
    if (minor === null || BigInt(minor) < BigInt(info.minMinor) || BigInt(minor) > BigInt(info.maxMinor)) {
      next.amount = t('transfers.amount_range', { min: money.format(info.minMinor), max: money.format(info.maxMinor) });
    } else if (BigInt(minor) > BigInt(info.availableMinor)) {
      next.amount = t('errors.insufficient_funds');
    }
    if (direction === 'downline' && !toAccount.trim()) next.toAccount = t('validation.required');
    if (!password) next.password = t('validation.required');
    setErrors(next);
    if (Object.keys(next).length > 0 || minor === null) return;
    send.mutate({
      direction,
      amountMinor: minor,
      paymentPassword: password,
      requestId: requestId.current,
      ...(direction === 'downline' ? { toAccount: toAccount.trim() } : {}),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 rounded-2xl border border-slate-700 bg-slate-900 p-4">
      <p className="text-sm text-slate-300">
        {direction === 'upline' ? t('transfers.to_upline', { account: info.upline?.account ?? '' }) : t('transfers.to_downline')}
      </p>
      <p className="text-sm text-slate-400">
        {t('transfers.available')} <strong className="text-amber-300">{money.format(info.availableMinor)}</strong>
      </p>
      {direction === 'downline' && (
        <FormField label={t('transfers.downline_account')} error={errors.toAccount}>
          <input
            className={inputClass}
            autoComplete="off"
            value={toAccount}
            onChange={(event) => setToAccount(event.target.value)}
          />
        </FormField>
      )}
      <FormField
        label={t('transfers.amount')}
        hint={t('transfers.amount_range', { min: money.format(info.minMinor), max: money.format(info.maxMinor) })}
        error={errors.amount}
      >
        <input
          className={inputClass}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <FormField label={t('transfers.payment_password')} error={errors.password}>
        <input
          className={inputClass}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <div aria-live="polite" className="text-sm">
        {errors.form && <p className="text-rose-300">{errors.form}</p>}
        {sent && (
          <p className="text-emerald-300">
            {t('transfers.sent', { amount: money.format(sent.amountMinor), account: sent.counterparty })}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={send.isPending}>
          {t('transfers.submit')}
        </Button>
      </div>
    </form>
  );
}

function History({ entries }: { entries: MemberTransfer[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section aria-labelledby="transfer-history" className="flex flex-col gap-2">
      <h3 id="transfer-history" className="font-semibold text-slate-100">
        {t('transfers.history')}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-400">{t('transfers.history_empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-800 rounded-2xl border border-slate-700 bg-slate-900 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
              <span className="text-slate-200">
                {t(entry.direction === 'out' ? 'transfers.sent_to' : 'transfers.received_from', { account: entry.counterparty })}
                <span className="block text-xs text-slate-400">{formatDateTime(entry.time)}</span>
              </span>
              <span className={`font-semibold tabular-nums ${entry.direction === 'out' ? 'text-rose-300' : 'text-emerald-300'}`}>
                {entry.direction === 'out' ? '−' : '+'}
                {money.format(entry.amountMinor)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
