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

const STATUSES = ['pending', 'approved', 'rejected', 'failed'] as const;
const FIRST: QueueFilters = { status: 'pending', account: '', from: '', to: '', sort: 'created', order: 'asc' };

const filterQuery = (filters: QueueFilters) => ({
  status: (filters.status || undefined) as (typeof STATUSES)[number] | undefined,
  account: filters.account || undefined,
  from: dayStart(filters.from),
  to: dayEnd(filters.to),
});

/** The deposit queue: orders waiting to be credited first, approved or rejected with a reason, proofs on demand. */
export function DepositsScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(FIRST);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const money = useMoneySettings();
  const queue = useCall(moneyRoutes.depositQueue, {
    ...filterQuery(filters),
    sort: filters.sort,
    order: filters.order,
    page,
    pageSize,
  });
  const invalidate = useInvalidate();
  const refresh = () => invalidate(moneyRoutes.depositQueue);

  const approve = async (id: string) => {
    setBusy(id);
    setError(null);
    setNotice(null);
    try {
      await apiCall(moneyRoutes.depositApprove, { body: { id } });
      setNotice(t('money.deposit_approved', { id }));
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
      downloadText('deposits.csv', (await apiCall(moneyRoutes.depositExport, { query: filterQuery(filters) })).csv, 'text/csv');
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="deposits-title">
      <h1 id="deposits-title">{t('money.deposits_title')}</h1>
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
        <Empty>{t('money.deposits_empty')}</Empty>
      ) : (
        <>
          <p className="lead" aria-live="polite">
            {t('money.count', { count: queue.data.total })}
          </p>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{t('money.deposits_title')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('money.when')}</th>
                  <th scope="col">{t('money.account')}</th>
                  <th scope="col">{t('money.channel')}</th>
                  <th scope="col">{t('money.amount')}</th>
                  <th scope="col">{t('money.reference')}</th>
                  <th scope="col">{t('money.proofs')}</th>
                  <th scope="col">{t('money.hints_label')}</th>
                  <th scope="col">{t('money.status')}</th>
                  <th scope="col">{t('money.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.rows.map((row) => (
                  <tr key={row.id} data-testid={`deposit-${row.id}`}>
                    <td>{row.id}</td>
                    <td>{formatTime(row.createdAt)}</td>
                    <td>{row.account}</td>
                    <td>{row.channel}</td>
                    <td className="amount">{formatMinor(row.amount, money.data)}</td>
                    <td>{row.reference ?? '–'}</td>
                    <td>
                      <ProofButtons
                        count={row.proofs}
                        load={(position) => apiCall(moneyRoutes.depositProof, { query: { id: row.id, position } })}
                      />
                    </td>
                    <td>
                      <Hints hints={row.hints} />
                    </td>
                    <td>
                      <span className={`badge badge-${row.status}`}>{t(`money.statuses.${row.status}`)}</span>
                      {row.reason && <div className="muted">{row.reason}</div>}
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
                              await apiCall(moneyRoutes.depositReject, { body: { id: row.id, reason } });
                              setRejecting(null);
                              setNotice(t('money.deposit_rejected', { id: row.id }));
                              await refresh();
                            }}
                          />
                        ) : (
                          <div className="row-actions">
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busy === row.id}
                              onClick={() => void approve(row.id)}
                              aria-label={t('money.approve_deposit', { id: row.id })}
                            >
                              {t('money.approve')}
                            </button>
                            <button
                              type="button"
                              className="btn"
                              onClick={() => setRejecting(row.id)}
                              aria-label={t('money.reject_deposit', { id: row.id })}
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
