import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashbackClaim } from '@tessera/contract/api/cashback';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/list-page/data-table';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { RowList } from '../../../ui/list-page/row-list';
import { cashbackQuery, claimCashback } from '../api/cashback';

/** Basis points as a percentage: 150 → "1.5%". */
const percent = (basisPoints: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);

/** Members-centre page `manualRebate`: cashback per game category since the last claim, the claim, and past claims. */
export default function CashbackPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  const overview = useQuery(cashbackQuery(token));
  const [error, setError] = useState<ParseKeys | null>(null);
  const [claimed, setClaimed] = useState<CashbackClaim | null>(null);
  const claim = useMutation({
    mutationFn: claimCashback,
    onSuccess: (value) => {
      client.setQueryData(cashbackQuery(token).queryKey, value.overview);
      // The rebate lands in the main wallet and in the records.
      void client.invalidateQueries({ queryKey: ['wallet', 'balance'] });
      void client.invalidateQueries({ queryKey: ['records'] });
      setClaimed(value.claim);
      setError(null);
    },
    onError: (failure) => {
      setError(errorMessageKey(failure));
      void overview.refetch();
    },
  });

  if (overview.isPending) return <Loading />;
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  const hasClaimable = data.totalClaimableMinor !== '0';

  return (
    <div className="flex flex-col gap-5" data-testid="cashback">
      <div>
        <h2 className="text-lg font-semibold text-slate-50">{t('cashback.title')}</h2>
        <p className="text-sm text-slate-400">
          {data.periodStart === null
            ? t('cashback.period_first', { end: formatDateTime(data.periodEnd) })
            : t('cashback.period', { start: formatDateTime(data.periodStart), end: formatDateTime(data.periodEnd) })}
        </p>
      </div>
      {data.categories.length === 0 ? (
        <EmptyState title={t('cashback.empty')} text={t('cashback.empty_hint')} />
      ) : (
        <DataTable
          caption={t('cashback.table')}
          minWidth="28rem"
          rows={data.categories}
          rowKey={(row) => row.gameCategory}
          columns={[
            { key: 'category', header: t('cashback.category'), cell: (row) => row.gameCategory, isRowHeader: true },
            { key: 'bet', header: t('cashback.valid_bet'), cell: (row) => money.format(row.validBetMinor), isNumeric: true },
            {
              key: 'rate',
              header: t('cashback.rate'),
              cell: (row) => percent(row.rateBasisPoints, i18n.language),
              isNumeric: true,
            },
            {
              key: 'claimable',
              header: t('cashback.claimable'),
              cell: (row) => money.format(row.claimableMinor),
              isNumeric: true,
              className: 'font-semibold text-amber-300',
            },
          ]}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4">
        <p className="text-sm text-slate-300">
          {t('cashback.total')}{' '}
          <strong className="text-xl text-amber-300" data-testid="cashback-total">
            {money.format(data.totalClaimableMinor)}
          </strong>
        </p>
        <Button onClick={() => claim.mutate()} disabled={!hasClaimable || claim.isPending}>
          {t('cashback.claim')}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm">
        {error ? (
          <span className="text-rose-300">{t(error)}</span>
        ) : claimed ? (
          <span className="text-emerald-300">{t('cashback.claimed', { amount: money.format(claimed.amountMinor) })}</span>
        ) : (
          ''
        )}
      </p>
      <section aria-labelledby="cashback-history" className="flex flex-col gap-2">
        <h3 id="cashback-history" className="font-semibold text-slate-100">
          {t('cashback.history')}
        </h3>
        {data.history.length === 0 ? (
          <p className="text-sm text-slate-400">{t('cashback.history_empty')}</p>
        ) : (
          <RowList
            label={t('cashback.history')}
            rows={data.history}
            rowKey={(row) => row.claimId}
            rowClassName="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm"
          >
            {(row) => (
              <>
                <span className="text-slate-300">
                  {formatDateTime(row.claimedAt)}
                  <span className="block text-xs text-slate-400">
                    {t('cashback.history_valid_bet', { amount: money.format(row.validBetMinor) })}
                  </span>
                </span>
                <span className="font-semibold tabular-nums text-emerald-300">+{money.format(row.amountMinor)}</span>
              </>
            )}
          </RowList>
        )}
      </section>
    </div>
  );
}
