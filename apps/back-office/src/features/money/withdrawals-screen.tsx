import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { MONEY_PAGE_SIZES } from '@tessera/contract/routes/back-office-money';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { useListState } from '../../ui/list-state';
import { Pager } from '../../ui/pager';
import { SortHeader } from '../../ui/sort-header';
import {
  DecisionCell,
  DecisionOutcome,
  Hints,
  ProofButtons,
  type QueueSort,
  queueQuery,
  useDecisions,
  useMoneySettings,
  useQueueFilterFields,
} from './queue-parts';

const STATUSES = ['pending', 'awaiting_confirmation', 'partially_received', 'completed', 'rejected', 'disputed'] as const;
const LIST = {
  filters: { status: 'pending', account: '', from: '', to: '' },
  sort: { sort: 'created' as QueueSort, order: 'asc' as const },
  sorts: ['created', 'amount'] as const,
  pageSize: 25 as const,
  sizes: MONEY_PAGE_SIZES,
};

/**
 * The withdrawal queue: approving sends the payout, or above the threshold puts it in the approvals for a second staff
 * member; rejecting with a reason frees the held money.
 */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const decisions = useDecisions();
  const money = useMoneySettings();
  const filter = queueQuery(list.filters, STATUSES);
  const queue = useCall(moneyRoutes.withdrawalQueue, { ...filter, ...list.sort, page: list.page, pageSize: list.pageSize });
  const invalidate = useInvalidate();
  const refresh = () => invalidate(moneyRoutes.withdrawalQueue, moneyRoutes.openApprovals, moneyRoutes.approvals);
  const fields = useQueueFilterFields(STATUSES);

  const exportCsv = async () => {
    decisions.setError(null);
    try {
      downloadText('withdrawals.csv', (await apiCall(moneyRoutes.withdrawalExport, { query: filter })).csv, 'text/csv');
    } catch (failure) {
      decisions.setError(failure);
    }
  };

  return (
    <section aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">{t('money.withdrawals_title')}</h1>
      {money.data && (
        <p className="lead">{t('money.threshold_note', { amount: formatMinor(money.data.thresholdMinor, money.data) })}</p>
      )}
      <FilterForm
        label={t('money.filters')}
        fields={fields}
        values={list.filters}
        onApply={list.setFilters}
        onExport={() => void exportCsv()}
      />
      <DecisionOutcome decisions={decisions} />
      <QueryView
        query={queue}
        needs={[money]}
        isEmpty={(data) => data.rows.length === 0}
        empty={t('money.withdrawals_empty')}
        count={(data) => t('money.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('money.withdrawals_title')}
            busy={queue.isFetching}
            head={
              <>
                <th scope="col">#</th>
                <SortHeader column="created" label={t('money.when')} sort={list.sort} onSort={list.setSort} />
                <th scope="col">{t('money.account')}</th>
                <SortHeader column="amount" label={t('money.amount')} sort={list.sort} onSort={list.setSort} />
                <th scope="col">{t('money.payout_account')}</th>
                <th scope="col">{t('money.proofs')}</th>
                <th scope="col">{t('money.hints_label')}</th>
                <th scope="col">{t('money.status')}</th>
                <th scope="col">{t('money.actions')}</th>
              </>
            }
          >
            {data.rows.map((row) => (
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
                  {row.status === 'pending' && (
                    <DecisionCell
                      id={row.id}
                      decisions={decisions}
                      approve={
                        row.awaitingSecond
                          ? undefined
                          : {
                              label: t('money.approve'),
                              ariaLabel: t('money.approve_withdrawal', { id: row.id }),
                              run: async () => {
                                const { outcome } = await apiCall(moneyRoutes.withdrawalApprove, { body: { id: row.id } });
                                await refresh();
                                return t(outcome === 'done' ? 'money.withdrawal_paid' : 'money.withdrawal_waits', { id: row.id });
                              },
                            }
                      }
                      rejectLabel={t('money.reject_withdrawal', { id: row.id })}
                      onReject={async (reason) => {
                        await apiCall(moneyRoutes.withdrawalReject, { body: { id: row.id, reason } });
                        await refresh();
                        return t('money.withdrawal_rejected', { id: row.id });
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <Pager
        label={t('money.pages')}
        sizes={MONEY_PAGE_SIZES}
        page={list.page}
        total={queue.data?.total ?? 0}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
    </section>
  );
}
