import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { MONEY_PAGE_SIZES } from '@tessera/contract/routes/back-office-money';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { DecisionCell, DecisionOutcome, useDecisions, useMoneySettings } from './queue-parts';

const STATUSES = ['pending', 'executed', 'rejected'] as const;
const LIST = {
  filters: { status: 'pending' },
  sort: { sort: 'requested' as const, order: 'desc' as const },
  sorts: ['requested'] as const,
  pageSize: 25 as const,
  sizes: MONEY_PAGE_SIZES,
};

/**
 * Four-eyes approvals: money actions above the threshold another staff member asked for. Confirming runs the action
 * once; the one who asked sees theirs here too but cannot confirm it (the server refuses it as well).
 */
export function ApprovalsScreen() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const invalidate = useInvalidate();
  const decisions = useDecisions(() =>
    invalidate(moneyRoutes.approvals, moneyRoutes.openApprovals, moneyRoutes.withdrawalQueue, moneyRoutes.balanceOf),
  );
  const money = useMoneySettings();
  const status = STATUSES.find((value) => value === list.filters.status) ?? 'pending';
  const approvals = useCall(moneyRoutes.approvals, { status, page: list.page, pageSize: list.pageSize });

  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">{t('money.approvals_title')}</h1>
      <p className="lead">{t('money.approvals_intro')}</p>
      <FilterForm
        label={t('money.filters')}
        fields={[
          {
            kind: 'select',
            name: 'status',
            label: t('money.status'),
            options: STATUSES.map((value) => ({ value, label: t(`money.approval_statuses.${value}`) })),
          },
        ]}
        values={list.filters}
        onApply={list.setFilters}
      />
      <DecisionOutcome decisions={decisions} />
      <QueryView
        query={approvals}
        needs={[money]}
        isEmpty={(data) => data.rows.length === 0}
        empty={t('money.approvals_empty')}
        count={(data) => t('money.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('money.approvals_title')}
            busy={approvals.isFetching}
            head={
              <>
                <th scope="col">#</th>
                <th scope="col">{t('money.kind')}</th>
                <th scope="col">{t('money.target')}</th>
                <th scope="col">{t('money.amount')}</th>
                <th scope="col">{t('money.reason')}</th>
                <th scope="col">{t('money.requested')}</th>
                <th scope="col">{t('money.decided')}</th>
                <th scope="col">{t('money.actions')}</th>
              </>
            }
          >
            {data.rows.map((row) => (
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
                  {row.status === 'pending' && (
                    <DecisionCell
                      id={row.id}
                      decisions={decisions}
                      approve={
                        row.mine
                          ? undefined
                          : {
                              label: t('money.confirm'),
                              ariaLabel: t('money.confirm_approval', { id: row.id }),
                              run: () =>
                                apiCall(moneyRoutes.approvalConfirm, { body: { id: row.id } }).then(() =>
                                  t('money.approval_done', { id: row.id }),
                                ),
                            }
                      }
                      instead={<span className="muted">{t('money.yours')}</span>}
                      rejectLabel={t('money.reject_approval', { id: row.id })}
                      onReject={(reason) =>
                        apiCall(moneyRoutes.approvalReject, { body: { id: row.id, reason } }).then(() =>
                          t('money.approval_rejected', { id: row.id }),
                        )
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('money.pages')} list={list} total={approvals.data?.total ?? 0} />
    </section>
  );
}
