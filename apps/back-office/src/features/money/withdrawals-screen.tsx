import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { MONEY_PAGE_SIZES } from '@tessera/contract/routes/back-office-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { dayEnd, dayStart, formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import {
  Hints,
  type PageSize,
  ProofButtons,
  QueueFilterForm,
  type QueueFilters,
  ReasonForm,
  useMoneySettings,
} from './queue-parts';

const STATUSES = ['pending', 'awaiting_confirmation', 'partially_received', 'completed', 'rejected', 'disputed'] as const;
const FIRST: QueueFilters = { status: 'pending', account: '', from: '', to: '', sort: 'created', order: 'asc' };

const filterQuery = (filters: QueueFilters) => ({
  status: (filters.status || undefined) as (typeof STATUSES)[number] | undefined,
  account: filters.account || undefined,
  from: dayStart(filters.from),
  to: dayEnd(filters.to),
});

/**
 * The withdrawal queue: approving sends the payout, or above the threshold puts it in the approvals for a second staff
 * member; rejecting with a reason frees the held money.
 */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(FIRST);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const money = useMoneySettings();
  const queue = useCall(moneyRoutes.withdrawalQueue, {
    ...filterQuery(filters),
    sort: filters.sort,
    order: filters.order,
    page,
    pageSize,
  });
  const invalidate = useInvalidate();
  const refresh = () => invalidate(moneyRoutes.withdrawalQueue, moneyRoutes.openApprovals, moneyRoutes.approvals);

  const approve = async (id: string) => {
    setBusy(id);
    setError(null);
    setNotice(null);
    try {
      const outcome = await apiCall(moneyRoutes.withdrawalApprove, { body: { id } });
      setNotice(outcome.outcome === 'done' ? t('money.withdrawal_paid', { id }) : t('money.withdrawal_waits', { id }));
      await refresh();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  const exportCsv = async () => {
    setError(null);
    try {
      downloadText(
        'withdrawals.csv',
        (await apiCall(moneyRoutes.withdrawalExport, { query: filterQuery(filters) })).csv,
        'text/csv',
      );
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">{t('money.withdrawals_title')}</h1>
      {money.data && (
        <p className="lead">{t('money.threshold_note', { amount: formatMinor(money.data.thresholdMinor, money.data) })}</p>
      )}
      <QueueFilterForm
        statuses={STATUSES}
        filters={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onExport={() => void exportCsv()}
      />
      {error !== null && <ErrorNotice error={error} />}
      {notice && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      {queue.isPending || money.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <ErrorNotice error={queue.error} onRetry={() => void queue.refetch()} />
      ) : money.isError ? (
        <ErrorNotice error={money.error} onRetry={() => void money.refetch()} />
      ) : queue.data.rows.length === 0 ? (
        <Empty>{t('money.withdrawals_empty')}</Empty>
      ) : (
        <>
          <p className="lead" aria-live="polite">
            {t('money.count', { count: queue.data.total })}
          </p>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{t('money.withdrawals_title')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('money.when')}</th>
                  <th scope="col">{t('money.account')}</th>
                  <th scope="col">{t('money.amount')}</th>
                  <th scope="col">{t('money.payout_account')}</th>
                  <th scope="col">{t('money.proofs')}</th>
                  <th scope="col">{t('money.hints_label')}</th>
                  <th scope="col">{t('money.status')}</th>
                  <th scope="col">{t('money.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.rows.map((row) => (
                  <tr key={row.id} data-testid={`withdrawal-${row.id}`}>
                    <td>{row.id}</td>
                    <td>{formatTime(row.createdAt)}</td>
                    <td>{row.account}</td>
                    <td className="amount">{formatMinor(row.amount, money.data)}</td>
                    <td>{row.payoutAccount}</td>
                    <td>
                      <ProofButtons
                        count={row.proofs}
                        load={(position) => apiCall(moneyRoutes.withdrawalProof, { query: { id: row.id, position } })}
                      />
                    </td>
                    <td>
                      <Hints hints={row.hints} />
                    </td>
                    <td>
                      <span className={`badge badge-${row.status}`}>{t(`money.statuses.${row.status}`)}</span>
                      {row.awaitingSecond && <div className="badge badge-waiting">{t('money.awaiting_second')}</div>}
                      {row.rejectReason && <div className="muted">{row.rejectReason}</div>}
                      {row.decidedBy && <div className="muted">{row.decidedBy}</div>}
                    </td>
                    <td>
                      {row.status === 'pending' &&
                        (rejecting === row.id ? (
                          <ReasonForm
                            label={t('money.reject_reason')}
                            submitLabel={t('money.reject')}
                            onCancel={() => setRejecting(null)}
                            onSubmit={async (reason) => {
                              await apiCall(moneyRoutes.withdrawalReject, { body: { id: row.id, reason } });
                              setRejecting(null);
                              await refresh();
                            }}
                          />
                        ) : (
                          <div className="row-actions">
                            {!row.awaitingSecond && (
                              <button
                                type="button"
                                className="btn btn-primary"
                                disabled={busy === row.id}
                                onClick={() => void approve(row.id)}
                                aria-label={t('money.approve_withdrawal', { id: row.id })}
                              >
                                {t('money.approve')}
                              </button>
                            )}
                            <button
                              type="button"
                              className="btn"
                              onClick={() => setRejecting(row.id)}
                              aria-label={t('money.reject_withdrawal', { id: row.id })}
                            >
                              {t('money.reject')}
                            </button>
                          </div>
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager
        label={t('money.pages')}
        sizes={MONEY_PAGE_SIZES}
        page={page}
        total={queue.data?.total ?? 0}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </section>
  );
}
