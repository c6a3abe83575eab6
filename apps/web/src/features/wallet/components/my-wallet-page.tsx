import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletBalance, WalletLine, WalletTransferBody } from '@tessera/contract/api/wallet';
import { formatMinor } from '@tessera/contract/money-format';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessageKey } from '../../../lib/api-client';
import { parseMajor } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Form, FormAlert, SubmitButton } from '../../../ui/form/form';
import { MoneyField } from '../../../ui/form/money-field';
import { checksResolver, moneyAmount } from '../../../ui/form/rules-resolver';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { balanceQuery, useBalance } from '../api/balance';
import { merchantWalletQuery, transferFunds } from '../api/transfer';

interface MoveValues {
  amount: string;
}

/** One game wallet: its balance, and an amount to move in from or out to the main wallet. */
function VendorWallet({
  line,
  label,
  money,
  onMoved,
}: {
  line: WalletLine;
  label: string;
  money: (minor: string) => string;
  onMoved: (balance: WalletBalance) => void;
}) {
  const { t } = useTranslation();
  const { data: balance } = useBalance();
  const digits = balance?.minorDigits ?? 2;
  const parse = (text: string) => parseMajor(text, digits);
  // Which of the two buttons sent the form; Enter in the field sends "in", the first of them.
  const direction = useRef<'in' | 'out'>('in');
  const form = useForm<MoveValues>({
    defaultValues: { amount: '' },
    resolver: checksResolver<MoveValues>({
      amount: [moneyAmount(parse, { key: 'wallet.page.amount_invalid', params: {} })],
    }),
  });
  const handleSubmit = async (values: MoveValues) => {
    const body: WalletTransferBody = {
      direction: direction.current,
      vendor: line.accountTypeId,
      amount: parse(values.amount) ?? '0',
      requestId: crypto.randomUUID(),
    };
    onMoved(await transferFunds(body));
    form.reset();
  };
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-700 p-3">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="font-semibold">{money(line.availBalance)}</span>
      </div>
      <Form form={form} onSubmit={handleSubmit} className="flex flex-col gap-2">
        <MoneyField<MoveValues>
          name="amount"
          label={t('wallet.page.amount_for', { vendor: label })}
          isLabelHidden
          after={
            <>
              <SubmitButton isWide={false} variant="secondary" onClick={() => (direction.current = 'in')}>
                {t('wallet.page.transfer_in')}
              </SubmitButton>
              <SubmitButton isWide={false} variant="secondary" onClick={() => (direction.current = 'out')}>
                {t('wallet.page.transfer_out')}
              </SubmitButton>
            </>
          }
        />
        <FormAlert />
      </Form>
    </li>
  );
}

/** The members-centre `transferFund` page: the main wallet, and in transfer mode each vendor wallet. */
export default function MyWalletPage() {
  const { t, i18n } = useTranslation();
  const [, setParams] = useSearchParams();
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const balance = useBalance();
  const mode = useQuery(merchantWalletQuery());
  const handleMoved = (value: WalletBalance) => client.setQueryData(balanceQuery(token).queryKey, value);
  const collect = useMutation({
    mutationFn: () => transferFunds({ direction: 'collect', requestId: crypto.randomUUID() }),
    onSuccess: handleMoved,
  });

  if (balance.isPending || mode.isPending) return <Loading />;
  if (balance.isError || mode.isError) {
    return <LoadFailed text="wallet.page.failed" onRetry={() => void Promise.all([balance.refetch(), mode.refetch()])} />;
  }
  const value = balance.data;
  const money = (minor: string) => `${value.currencySymbol} ${formatMinor(minor, value.minorDigits, i18n.language)}`;
  const main = value.balance.find((line) => line.accountTypeId === 'MAIN');
  const names = new Map(mode.data.vendors.map((vendor) => [vendor.vendor, vendor.displayName]));

  return (
    <div className="flex flex-col gap-5" data-testid="my-wallet">
      <h2 className="text-lg font-semibold">{t('wallet.page.title')}</h2>
      <div className="rounded-2xl border border-slate-700 bg-slate-900 p-4">
        <p className="text-sm text-slate-400">{t('wallet.page.main')}</p>
        <p className="text-2xl font-bold text-amber-300" data-testid="my-wallet-main">
          {money(main?.availBalance ?? '0')}
        </p>
        {main && main.held !== '0' && (
          <p className="text-xs text-slate-400">{t('wallet.page.held', { amount: money(main.held) })}</p>
        )}
        {mode.data.isSingle && (
          <Button
            className="mt-3"
            onClick={() =>
              setParams(
                (params) => {
                  params.set('mc', 'depositv2');
                  return params;
                },
                { replace: true },
              )
            }
          >
            {t('wallet.page.deposit')}
          </Button>
        )}
      </div>
      {!mode.data.isSingle && (
        <section className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-semibold">{t('wallet.page.vendors')}</h3>
            <Button variant="secondary" disabled={collect.isPending} onClick={() => collect.mutate()}>
              {t('wallet.page.collect_all')}
            </Button>
          </div>
          {collect.isError && (
            <p role="alert" className="text-sm text-rose-300">
              {t(errorMessageKey(collect.error))}
            </p>
          )}
          <ul className="grid gap-2 sm:grid-cols-2">
            {value.balance
              .filter((line) => line.accountTypeId !== 'MAIN')
              .map((line) => (
                <VendorWallet
                  key={line.accountTypeId}
                  line={line}
                  label={names.get(line.accountTypeId) ?? line.accountTypeId}
                  money={money}
                  onMoved={handleMoved}
                />
              ))}
          </ul>
        </section>
      )}
    </div>
  );
}
