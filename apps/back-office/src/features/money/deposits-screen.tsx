import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { useCall, useInvalidate } from '../../lib/use-call';
import { useListState } from '../../ui/list-state';
import { DecisionCell, queueQuery, useDecisions } from './queue-parts';
import { QUEUE_LIST, QueueScreen } from './queue-screen';

const STATUSES = ['pending', 'approved', 'rejected', 'failed', 'expired'] as const;

/** The deposit queue: orders waiting to be credited first, approved or rejected with a reason, proofs on demand. */
export function DepositsScreen() {
  const { t } = useTranslation();
  const list = useListState(QUEUE_LIST);
  const invalidate = useInvalidate();
  const decisions = useDecisions(() => invalidate(moneyRoutes.depositQueue));
  const filter = queueQuery(list.filters, STATUSES);
  const queue = useCall(moneyRoutes.depositQueue, { ...filter, ...list.sort, page: list.page, pageSize: list.pageSize });

  return (
    <QueueScreen
      kind="deposit"
      statuses={STATUSES}
      list={list}
      queue={queue}
      decisions={decisions}
      columns={[
        { head: t('money.channel'), cell: (row) => row.channel },
        { head: t('money.reference'), cell: (row) => row.reference ?? '–' },
      ]}
      notes={(row) => row.reason && <div className="muted">{row.reason}</div>}
      askProvider={(row) => row.hosted}
      proof={(row, position) => apiCall(moneyRoutes.depositProof, { query: { id: row.id, position } })}
      onExport={() =>
        void decisions.guard(async () =>
          downloadText('deposits.csv', (await apiCall(moneyRoutes.depositExport, { query: filter })).csv, 'text/csv'),
        )
      }
      decision={(row) => (
        <DecisionCell
          id={row.id}
          decisions={decisions}
          approve={{
            label: t('money.approve'),
            ariaLabel: t('money.approve_deposit', { id: row.id }),
            run: () =>
              apiCall(moneyRoutes.depositApprove, { body: { id: row.id } }).then(() =>
                t('money.deposit_approved', { id: row.id }),
              ),
          }}
          rejectLabel={t('money.reject_deposit', { id: row.id })}
          onReject={(reason) =>
            apiCall(moneyRoutes.depositReject, { body: { id: row.id, reason } }).then(() =>
              t('money.deposit_rejected', { id: row.id }),
            )
          }
        />
      )}
    />
  );
}
