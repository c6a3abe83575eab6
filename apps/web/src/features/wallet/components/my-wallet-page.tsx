import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletTransferBody } from '@tessera/contract/api/wallet';
import { formatMinor } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { parseMajor } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { inputClass } from '../../../ui/form-field';
import { Spinner } from '../../../ui/spinner';
import { balanceQuery, useBalance } from '../api/balance';
import { merchantWalletQuery, transferFunds } from '../api/transfer';

/** The members-centre `transferFund` page: the main wallet, and in transfer mode each vendor wallet. */
export default function MyWalletPage() {
  const { t, i18n } = useTranslation();
  const [, setParams] = useSearchParams();
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const balance = useBalance();
  const mode = useQuery(merchantWalletQuery());
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const transfer = useMutation({
    mutationFn: transferFunds,
    onSuccess: (value) => {
      client.setQueryData(balanceQuery(token).queryKey, value);
      setAmounts({});
      setError(null);
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.messageKey : 'errors.unknown'),
  });

  if (balance.isPending || mode.isPending) {
    return (
      <div role="status" className="grid min-h-40 place-items-center">
        <Spinner />
        <span className="sr-only">{t('app.screen_loading')}</span>
      </div>
    );
  }
  if (balance.isError || mode.isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-rose-300">
        {t('wallet.page.failed')}
        <Button variant="secondary" onClick={() => void Promise.all([balance.refetch(), mode.refetch()])}>
          {t('app.boot.retry')}
        </Button>
      </div>
    );
  }
  const value = balance.data;
  const money = (minor: string) => `${value.currencySymbol} ${formatMinor(minor, value.minorDigits, i18n.language)}`;
  const main = value.balance.find((line) => line.accountTypeId === 'MAIN');
  const names = new Map(mode.data.vendors.map((vendor) => [vendor.vendor, vendor.displayName]));
  const move = (body: Omit<WalletTransferBody, 'requestId'>) => transfer.mutate({ ...body, requestId: crypto.randomUUID() });

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
            <Button variant="secondary" disabled={transfer.isPending} onClick={() => move({ direction: 'collect' })}>
              {t('wallet.page.collect_all')}
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm text-rose-300">
              {t(error as ParseKeys)}
            </p>
          )}
          <ul className="grid gap-2 sm:grid-cols-2">
            {value.balance
              .filter((line) => line.accountTypeId !== 'MAIN')
              .map((line) => {
                const typed = amounts[line.accountTypeId] ?? '';
                const minor = parseMajor(typed, value.minorDigits);
                const canMove = minor !== null && minor !== '0' && !transfer.isPending;
                const label = names.get(line.accountTypeId) ?? line.accountTypeId;
                return (
                  <li key={line.accountTypeId} className="flex flex-col gap-2 rounded-xl border border-slate-700 p-3">
                    <div className="flex justify-between text-sm">
                      <span>{label}</span>
                      <span className="font-semibold">{money(line.availBalance)}</span>
                    </div>
                    <div className="flex gap-2">
                      <input
                        className={inputClass}
                        inputMode="decimal"
                        aria-label={t('wallet.page.amount_for', { vendor: label })}
                        value={typed}
                        onChange={(event) => setAmounts({ ...amounts, [line.accountTypeId]: event.target.value })}
                      />
                      <Button
                        variant="secondary"
                        disabled={!canMove}
                        onClick={() => minor && move({ direction: 'in', vendor: line.accountTypeId, amount: minor })}
                      >
                        {t('wallet.page.transfer_in')}
                      </Button>
                      <Button
                        variant="secondary"
                        disabled={!canMove}
                        onClick={() => minor && move({ direction: 'out', vendor: line.accountTypeId, amount: minor })}
                      >
                        {t('wallet.page.transfer_out')}
                      </Button>
                    </div>
                  </li>
                );
              })}
          </ul>
        </section>
      )}
    </div>
  );
}
