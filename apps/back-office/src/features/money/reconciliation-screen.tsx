import * as paymentRoutes from '@tessera/contract/routes/back-office-payments';
import { RECONCILIATION_STATUSES } from '@tessera/contract/routes/back-office-payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { useListState } from '../../ui/list-state';
import { DecisionOutcome, ReasonForm, useDecisions, useMoneySettings } from './queue-parts';

const LIST = {
  filters: { status: 'open' },
  sort: { sort: 'created' as const, order: 'desc' as const },
  sorts: ['created'] as const,
  pageSize: 25 as const,
  sizes: [25] as const,
};

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * The reconciliation queue: each mismatch between a payment provider's daily statement and the ledger, with the
 * evidence (the statement line, our record, the callbacks received); staff resolve one with a note of what was done
 * (audited). "Reconcile" compares a day's statements now; the daily job does yesterday's by itself.
 */
export function ReconciliationScreen() {
  const { t } = useTranslation();
  const list = useListState(LIST);
  const invalidate = useInvalidate();
  const decisions = useDecisions(() => invalidate(paymentRoutes.reconciliation));
  const money = useMoneySettings();
  const [day, setDay] = useState(yesterday);
  const status = RECONCILIATION_STATUSES.find((value) => value === list.filters.status) ?? 'open';
  const items = useCall(paymentRoutes.reconciliation, { status });
  const amount = (value: string | null) => (value === null ? '–' : formatMinor(value, money.data));

  return (
    <section aria-labelledby="reconciliation-title">
      <h1 id="reconciliation-title">{t('recon.title')}</h1>
      <p className="lead">{t('recon.intro')}</p>
      <form
        className="filter-form"
        onSubmit={(event) => {
          event.preventDefault();
          void decisions.run('run', async () => {
            const result = await apiCall(paymentRoutes.reconciliationRun, { body: { day } });
            return t('recon.ran', { day, lines: result.lines, mismatches: result.mismatches });
          });
        }}
      >
        <label htmlFor="recon-day">{t('recon.day')}</label>
        <input id="recon-day" type="date" required value={day} onChange={(event) => setDay(event.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={decisions.busy === 'run'}>
          {t('recon.run')}
        </button>
      </form>
      <FilterForm
        label={t('money.filters')}
        fields={[
          {
            kind: 'select',
            name: 'status',
            label: t('money.status'),
            options: RECONCILIATION_STATUSES.map((value) => ({ value, label: t(`recon.statuses.${value}`) })),
          },
        ]}
        values={list.filters}
        onApply={list.setFilters}
      />
      <DecisionOutcome decisions={decisions} />
      <QueryView
        query={items}
        needs={[money]}
        isEmpty={(data) => data.rows.length === 0}
        empty={t('recon.empty')}
        count={(data) => t('money.count', { count: data.rows.length })}
      >
        {(data) => (
          <DataTable
            caption={t('recon.title')}
            busy={items.isFetching}
            head={
              <>
                <th scope="col">{t('recon.day')}</th>
                <th scope="col">{t('recon.kind')}</th>
                <th scope="col">{t('recon.reference')}</th>
                <th scope="col">{t('recon.provider_amount')}</th>
                <th scope="col">{t('recon.ledger_amount')}</th>
                <th scope="col">{t('recon.evidence')}</th>
                <th scope="col">{t('money.actions')}</th>
              </>
            }
          >
            {data.rows.map((row) => (
              <tr key={row.id} data-testid={`recon-${row.id}`}>
                <td>
                  {row.day}
                  <div className="muted">
                    {row.provider}
                    {row.channel && ` · ${row.channel}`}
                  </div>
                </td>
                <td>
                  {t(`recon.kinds.${row.kind}`)}
                  <div className="muted">{t(`recon.directions.${row.direction}`)}</div>
                </td>
                <td>
                  {row.reference}
                  <div className="muted">{row.providerTxnId}</div>
                </td>
                <td className="amount">{amount(row.providerAmount)}</td>
                <td className="amount">{amount(row.ledgerAmount)}</td>
                <td>
                  <details>
                    <summary>{t('recon.show_evidence')}</summary>
                    <pre className="evidence">{row.evidence}</pre>
                  </details>
                </td>
                <td>
                  {row.status === 'open' ? (
                    decisions.rejecting === row.id ? (
                      <ReasonForm
                        label={t('recon.note')}
                        submitLabel={t('recon.resolve')}
                        onCancel={() => decisions.setRejecting(null)}
                        onSubmit={(note) =>
                          decisions.reject(() =>
                            apiCall(paymentRoutes.reconciliationResolve, { body: { id: row.id, note } }).then(() =>
                              t('recon.resolved', { id: row.id }),
                            ),
                          )
                        }
                      />
                    ) : (
                      <button
                        type="button"
                        className="btn"
                        onClick={() => decisions.setRejecting(row.id)}
                        aria-label={t('recon.resolve_item', { id: row.id })}
                      >
                        {t('recon.resolve')}
                      </button>
                    )
                  ) : (
                    <>
                      {row.resolution}
                      <div className="muted">
                        {row.resolvedBy} {row.resolvedAt !== null && formatTime(row.resolvedAt)}
                      </div>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </section>
  );
}
