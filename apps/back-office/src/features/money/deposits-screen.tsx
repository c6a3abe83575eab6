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

const STATUSES = ['pending', 'approved', 'rejected', 'failed'] as const;
const LIST = {
  filters: { status: 'pending', account: '', from: '', to: '' },
  sort: { sort: 'created' as QueueSort, order: 'asc' as const },
  sorts: ['created', 'amount'] as const,
  pageSize: 25 as const,
  sizes: MONEY_PAGE_SIZES,
};

/** The deposit queue: orders waiting to be credited first, approved or rejected with a reason, proofs on demand. */
export function DepositsScreen() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const decisions = useDecisions();
  const money = useMoneySettings();
  const filter = queueQuery(list.filters, STATUSES);
  const queue = useCall(moneyRoutes.depositQueue, { ...filter, ...list.sort, page: list.page, pageSize: list.pageSize });
  const invalidate = useInvalidate();
  const refresh = () => invalidate(moneyRoutes.depositQueue);
  const fields = useQueueFilterFields(STATUSES);

  const exportCsv = async () => {
    decisions.setError(null);
    try {
      downloadText('deposits.csv', (await apiCall(moneyRoutes.depositExport, { query: filter })).csv, 'text/csv');
    } catch (failure) {
      decisions.setError(failure);
    }
  };

  return (
    <section aria-labelledby="deposits-title">
      <h1 id="deposits-title">{t('money.deposits_title')}</h1>
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
        empty={t('money.deposits_empty')}
        count={(data) => t('money.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('money.deposits_title')}
            busy={queue.isFetching}
            head={
              <>
                <th scope="col">#</th>
                <SortHeader column="created" label={t('money.when')} sort={list.sort} onSort={list.setSort} />
                <th scope="col">{t('money.account')}</th>
                <th scope="col">{t('money.channel')}</th>
                <SortHeader column="amount" label={t('money.amount')} sort={list.sort} onSort={list.setSort} />
                <th scope="col">{t('money.reference')}</th>
                <th scope="col">{t('money.proofs')}</th>
                <th scope="col">{t('money.hints_label')}</th>
                <th scope="col">{t('money.status')}</th>
                <th scope="col">{t('money.actions')}</th>
              </>
            }
          >
            {data.rows.map((row) => (
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
                  {row.status === 'pending' && (
                    <DecisionCell
                      id={row.id}
                      decisions={decisions}
                      approve={{
                        label: t('money.approve'),
                        ariaLabel: t('money.approve_deposit', { id: row.id }),
                        run: async () => {
                          await apiCall(moneyRoutes.depositApprove, { body: { id: row.id } });
                          await refresh();
                          return t('money.deposit_approved', { id: row.id });
                        },
                      }}
                      rejectLabel={t('money.reject_deposit', { id: row.id })}
                      onReject={async (reason) => {
                        await apiCall(moneyRoutes.depositReject, { body: { id: row.id, reason } });
                        await refresh();
                        return t('money.deposit_rejected', { id: row.id });
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
