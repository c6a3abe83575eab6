import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberTransfer, MemberTransferInfo, TransferDirection } from '@tessera/contract/api/member-transfers';
import type { ParseKeys } from 'i18next';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { MoneyField } from '../../../ui/form/money-field';
import { checksResolver, moneyAmount, required } from '../../../ui/form/rules-resolver';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { RowList } from '../../../ui/list-page/row-list';
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

interface TransferValues {
  amount: string;
  toAccount: string;
  password: string;
}

function TransferForm({ direction, info }: { direction: TransferDirection; info: MemberTransferInfo }) {
  const { t } = useTranslation();
  const money = useMoney();
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const [sent, setSent] = useState<MemberTransfer | null>(null);
  // One id per intended transfer: a retry after a network failure reuses it, a success starts a new one.
  const requestId = useRef(crypto.randomUUID());
  const form = useForm<TransferValues>({
    defaultValues: { amount: '', toAccount: '', password: '' },
    resolver: checksResolver<TransferValues>({
      amount: [
        moneyAmount(money.parse, { key: 'transfers.amount_range', params: {} }, { min: info.minMinor, max: info.maxMinor }),
        moneyAmount(money.parse, { key: 'errors.insufficient_funds', params: {} }, { max: info.availableMinor }),
      ],
      ...(direction === 'downline' ? { toAccount: [required()] } : {}),
      password: [required()],
    }),
  });

  if (direction === 'upline' && !info.upline) {
    return (
      <p className="rounded-2xl border border-slate-700 bg-slate-900 p-4 text-sm text-slate-300">{t('transfers.no_upline')}</p>
    );
  }

  const handleSubmit = async (values: TransferValues) => {
    const value = await sendTransfer({
      direction,
      amountMinor: money.parse(values.amount) ?? '0',
      paymentPassword: values.password,
      requestId: requestId.current,
      ...(direction === 'downline' ? { toAccount: values.toAccount } : {}),
    });
    client.setQueryData(memberTransfersQuery(token).queryKey, value.info);
    void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
    void client.invalidateQueries({ queryKey: ['records'] });
    requestId.current = crypto.randomUUID();
    setSent(value.transfer);
    form.reset();
  };

  const range = { min: money.format(info.minMinor), max: money.format(info.maxMinor) };
  return (
    <Form
      form={form}
      onSubmit={handleSubmit}
      onAttempt={() => setSent(null)}
      messageParams={range}
      errorField={(error) => (/payment/.test(error.code) ? 'password' : undefined)}
      className="flex flex-col gap-4 rounded-2xl border border-slate-700 bg-slate-900 p-4"
    >
      <p className="text-sm text-slate-300">
        {direction === 'upline' ? t('transfers.to_upline', { account: info.upline?.account ?? '' }) : t('transfers.to_downline')}
      </p>
      <p className="text-sm text-slate-400">
        {t('transfers.available')} <strong className="text-amber-300">{money.format(info.availableMinor)}</strong>
      </p>
      {direction === 'downline' && (
        <TextField<TransferValues> name="toAccount" autoComplete="off" label={t('transfers.downline_account')} />
      )}
      <MoneyField<TransferValues> name="amount" label={t('transfers.amount')} hint={t('transfers.amount_range', range)} />
      <TextField<TransferValues> name="password" type="password" autoComplete="off" label={t('transfers.payment_password')} />
      <FormAlert />
      <FormNotice>
        {sent && t('transfers.sent', { amount: money.format(sent.amountMinor), account: sent.counterparty })}
      </FormNotice>
      <SubmitButton isWide={false} className="self-start">
        {t('transfers.submit')}
      </SubmitButton>
    </Form>
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
        <RowList
          label={t('transfers.history')}
          rows={entries}
          rowKey={(entry) => entry.id}
          rowClassName="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm"
        >
          {(entry) => (
            <>
              <span className="text-slate-200">
                {t(entry.direction === 'out' ? 'transfers.sent_to' : 'transfers.received_from', { account: entry.counterparty })}
                <span className="block text-xs text-slate-400">{formatDateTime(entry.time)}</span>
              </span>
              <span className={`font-semibold tabular-nums ${entry.direction === 'out' ? 'text-rose-300' : 'text-emerald-300'}`}>
                {entry.direction === 'out' ? '−' : '+'}
                {money.format(entry.amountMinor)}
              </span>
            </>
          )}
        </RowList>
      )}
    </section>
  );
}
