import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { MONEY_PAGE_SIZES } from '@tessera/contract/routes/back-office-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Pager } from '../../ui/pager';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import { type PageSize, ReasonForm, useMoneySettings } from './queue-parts';

const STATUSES = ['pending', 'executed', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

/**
 * Four-eyes approvals: money actions above the threshold another staff member asked for. Confirming runs the action
 * once; the one who asked sees theirs here too but cannot confirm it (the server refuses it as well).
 */
export function ApprovalsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const money = useMoneySettings();
  const list = useCall(moneyRoutes.approvals, { status, page, pageSize });
  const invalidate = useInvalidate();
  const refresh = () =>
    invalidate(moneyRoutes.approvals, moneyRoutes.openApprovals, moneyRoutes.withdrawalQueue, moneyRoutes.balanceOf);

  const confirm = async (id: string) => {
    setBusy(id);
    setError(null);
    setNotice(null);
    try {
      await apiCall(moneyRoutes.approvalConfirm, { body: { id } });
      setNotice(t('money.approval_done', { id }));
      await refresh();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">{t('money.approvals_title')}</h1>
      <p className="lead">{t('money.approvals_intro')}</p>
      <div className="panel filters">
        <div className="field">
          <label htmlFor="approval-status">{t('money.status')}</label>
          <select
            id="approval-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status);
              setPage(1);
            }}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`money.approval_statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error !== null && <ErrorNotice error={error} />}
      {notice && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      {list.isPending || money.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      ) : money.isError ? (
        <ErrorNotice error={money.error} onRetry={() => void money.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <Empty>{t('money.approvals_empty')}</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t('money.approvals_title')}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('money.kind')}</th>
                <th scope="col">{t('money.target')}</th>
                <th scope="col">{t('money.amount')}</th>
                <th scope="col">{t('money.reason')}</th>
                <th scope="col">{t('money.requested')}</th>
                <th scope="col">{t('money.decided')}</th>
                <th scope="col">{t('money.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((row) => (
                <tr key={row.id} data-testid={`approval-${row.id}`}>
                  <td>{row.id}</td>
                  <td>
                    {t(`money.kinds.${row.kind}`)}
                    {row.detail.direction && <div className="muted">{t(`money.directions.${row.detail.direction}`)}</div>}
                  </td>
                  <td>
                    {row.target}
                    {row.detail.account && <div className="muted">{row.detail.account}</div>}
                  </td>
                  <td className="amount">{formatMinor(row.amount, money.data)}</td>
                  <td>{row.reason ?? '–'}</td>
                  <td>
                    {row.requestedBy}
                    <div className="muted">{formatTime(row.requestedAt)}</div>
                  </td>
                  <td>
                    {row.decidedBy ?? '–'}
                    {row.decidedAt !== null && <div className="muted">{formatTime(row.decidedAt)}</div>}
                    {row.rejectReason && <div className="muted">{row.rejectReason}</div>}
                  </td>
                  <td>
                    {row.status === 'pending' &&
                      (rejecting === row.id ? (
                        <ReasonForm
                          label={t('money.reject_reason')}
                          submitLabel={t('money.reject')}
                          onCancel={() => setRejecting(null)}
                          onSubmit={async (reason) => {
                            await apiCall(moneyRoutes.approvalReject, { body: { id: row.id, reason } });
                            setRejecting(null);
                            await refresh();
                          }}
                        />
                      ) : (
                        <div className="row-actions">
                          {row.mine ? (
                            <span className="muted">{t('money.yours')}</span>
                          ) : (
                            <button
                              type="button"
                              className="btn btn-primary"
                              disabled={busy === row.id}
                              onClick={() => void confirm(row.id)}
                              aria-label={t('money.confirm_approval', { id: row.id })}
                            >
                              {t('money.confirm')}
                            </button>
                          )}
                          <button
                            type="button"
                            className="btn"
                            onClick={() => setRejecting(row.id)}
                            aria-label={t('money.reject_approval', { id: row.id })}
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
      )}
      <Pager
        label={t('money.pages')}
        sizes={MONEY_PAGE_SIZES}
        page={page}
        total={list.data?.total ?? 0}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </section>
  );
}
