import type { UseQueryResult } from '@tanstack/react-query';
import { MONEY_PAGE_SIZES, type RiskHint } from '@tessera/contract/routes/back-office-money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/dates';
import { formatMinor } from '../../lib/money';
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import type { ListControls } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { SortHeader } from '../../ui/sort-header';
import { ProviderCheckButton } from './provider-check';
import {
  DecisionOutcome,
  type Decisions,
  Hints,
  type PageSize,
  ProofButtons,
  type QueueFilters,
  type QueueSort,
  useMoneySettings,
  useQueueFilterFields,
} from './queue-parts';

/** What every queue row has: who asked, when, how much, what staff decided, and what there is to weigh. */
export interface QueueRow {
  id: string;
  createdAt: number;
  account: string;
  amount: string;
  status: string;
  decidedBy: string | null;
  proofs: number;
  hints: readonly RiskHint[];
}

/** A queue's list state: pending first, oldest first, as staff work through it. */
export const QUEUE_LIST = {
  filters: { status: 'pending', account: '', from: '', to: '' } as QueueFilters,
  sort: { sort: 'created' as QueueSort, order: 'asc' as const },
  sorts: ['created', 'amount'] as const,
  pageSize: 25 as PageSize,
  sizes: MONEY_PAGE_SIZES,
};

/**
 * A money queue (deposits, withdrawals): its filters and export, the outcome of the last decision, the rows with the
 * queue's own columns after the amount, proofs, risk hints, status, the pending rows' decision and the provider check,
 * and the pager.
 */
export function QueueScreen<Row extends QueueRow>({
  kind,
  statuses,
  list,
  queue,
  decisions,
  intro,
  columns,
  notes,
  decision,
  askProvider,
  proof,
  onExport,
}: {
  kind: 'deposit' | 'withdrawal';
  statuses: readonly string[];
  list: ListControls<QueueFilters, QueueSort, PageSize>;
  queue: UseQueryResult<{ rows: Row[]; total: number }, Error>;
  decisions: Decisions;
  intro?: ReactNode;
  columns: readonly { head: string; cell: (row: Row) => ReactNode }[];
  notes: (row: Row) => ReactNode;
  decision: (row: Row) => ReactNode;
  /** Whether staff may ask the payment provider about this row (a hosted deposit, a payout on its way). */
  askProvider: (row: Row) => boolean;
  proof: (row: Row, position: number) => Promise<{ dataUrl: string }>;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneySettings();
  const fields = useQueueFilterFields(statuses);
  const title = t(`money.${kind}s_title`);
  return (
    <section aria-labelledby={`${kind}s-title`}>
      <h1 id={`${kind}s-title`}>{title}</h1>
      {intro}
      <FilterForm
        label={t('money.filters')}
        fields={fields}
        values={list.filters}
        onApply={list.setFilters}
        onExport={onExport}
      />
      <DecisionOutcome decisions={decisions} />
      <QueryView
        query={queue}
        needs={[money]}
        isEmpty={(data) => data.rows.length === 0}
        empty={t(`money.${kind}s_empty`)}
        count={(data) => t('money.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={title}
            busy={queue.isFetching}
            head={
              <>
                <th scope="col">#</th>
                <SortHeader column="created" label={t('money.when')} sort={list.sort} onSort={list.setSort} />
                <th scope="col">{t('money.account')}</th>
                <SortHeader column="amount" label={t('money.amount')} sort={list.sort} onSort={list.setSort} />
                {columns.map((column) => (
                  <th key={column.head} scope="col">
                    {column.head}
                  </th>
                ))}
                <th scope="col">{t('money.proofs')}</th>
                <th scope="col">{t('money.hints_label')}</th>
                <th scope="col">{t('money.status')}</th>
                <th scope="col">{t('money.actions')}</th>
              </>
            }
          >
            {data.rows.map((row) => (
              <tr key={row.id} data-testid={`${kind}-${row.id}`}>
                <td>{row.id}</td>
                <td>{formatTime(row.createdAt)}</td>
                <td>{row.account}</td>
                <td className="amount">{formatMinor(row.amount, money.data)}</td>
                {columns.map((column) => (
                  <td key={column.head}>{column.cell(row)}</td>
                ))}
                <td>
                  <ProofButtons count={row.proofs} load={(position) => proof(row, position)} />
                </td>
                <td>
                  <Hints hints={row.hints} />
                </td>
                <td>
                  <span className={`badge badge-${row.status}`}>{t(`money.statuses.${row.status}`)}</span>
                  {notes(row)}
                  {row.decidedBy && <div className="muted">{row.decidedBy}</div>}
                </td>
                <td>
                  {row.status === 'pending' && decision(row)}
                  {askProvider(row) && <ProviderCheckButton kind={kind} id={row.id} decisions={decisions} />}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('money.pages')} list={list} total={queue.data?.total ?? 0} />
    </section>
  );
}
