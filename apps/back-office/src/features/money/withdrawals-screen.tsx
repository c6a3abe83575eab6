import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { useListState } from '../../ui/list-state';
import { DecisionCell, queueQuery, useDecisions, useMoneySettings } from './queue-parts';
import { QUEUE_LIST, QueueScreen } from './queue-screen';

const STATUSES = [
  'pending',
  'paying_out',
  'awaiting_confirmation',
  'partially_received',
  'completed',
  'rejected',
  'disputed',
] as const;

/**
 * The withdrawal queue: approving sends the payout, or above the threshold puts it in the approvals for a second staff
 * member; rejecting with a reason frees the held money.
 */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const list = useListState(QUEUE_LIST);
  const invalidate = useInvalidate();
  const decisions = useDecisions(() => invalidate(moneyRoutes.withdrawalQueue, moneyRoutes.openApprovals, moneyRoutes.approvals));
  const money = useMoneySettings();
  const filter = queueQuery(list.filters, STATUSES);
  const queue = useCall(moneyRoutes.withdrawalQueue, { ...filter, ...list.sort, page: list.page, pageSize: list.pageSize });

  return (
    <QueueScreen
      kind="withdrawal"
      statuses={STATUSES}
      list={list}
      queue={queue}
      decisions={decisions}
      intro={
        money.data && (
          <p className="lead">{t('money.threshold_note', { amount: formatMinor(money.data.thresholdMinor, money.data) })}</p>
        )
      }
      columns={[{ head: t('money.payout_account'), cell: (row) => row.payoutAccount }]}
      notes={(row) => (
        <>
          {row.awaitingSecond && <div className="badge badge-waiting">{t('money.awaiting_second')}</div>}
          {row.rejectReason && <div className="muted">{row.rejectReason}</div>}
        </>
      )}
      askProvider={(row) => row.status === 'paying_out'}
      proof={(row, position) => apiCall(moneyRoutes.withdrawalProof, { query: { id: row.id, position } })}
      onExport={() =>
        void decisions.guard(async () =>
          downloadText('withdrawals.csv', (await apiCall(moneyRoutes.withdrawalExport, { query: filter })).csv, 'text/csv'),
        )
      }
      decision={(row) => (
        <DecisionCell
          id={row.id}
          decisions={decisions}
          approve={
            row.awaitingSecond
              ? undefined
              : {
                  label: t('money.approve'),
                  ariaLabel: t('money.approve_withdrawal', { id: row.id }),
                  run: () =>
                    apiCall(moneyRoutes.withdrawalApprove, { body: { id: row.id } }).then(({ outcome }) =>
                      t(outcome === 'done' ? 'money.withdrawal_paid' : 'money.withdrawal_waits', { id: row.id }),
                    ),
                }
          }
          rejectLabel={t('money.reject_withdrawal', { id: row.id })}
          onReject={(reason) =>
            apiCall(moneyRoutes.withdrawalReject, { body: { id: row.id, reason } }).then(() =>
              t('money.withdrawal_rejected', { id: row.id }),
            )
          }
        />
      )}
    />
  );
}
