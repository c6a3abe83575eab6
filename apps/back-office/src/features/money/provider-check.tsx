import * as paymentRoutes from '@tessera/contract/routes/back-office-payments';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatMinor } from '../../lib/money';
import { can, useStaffSession } from '../../lib/session';
import { type Decisions, useMoneySettings } from './queue-parts';

/**
 * "Check with the provider": asks the payment provider about a hosted deposit or a payout now; its answer shows as
 * the queue's notice, and a final answer about a waiting payout settles it (the row moves on). Shown to staff who
 * may work the reconciliation desk.
 */
export function ProviderCheckButton({
  kind,
  id,
  decisions,
}: {
  kind: 'deposit' | 'withdrawal';
  id: string;
  decisions: Decisions;
}) {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const money = useMoneySettings();
  if (!can(me, 'payments.reconcile')) return null;
  const check = async () => {
    const answer = await apiCall(paymentRoutes.providerCheck, { body: { kind, id } });
    const params = {
      id,
      provider: answer.provider,
      state: answer.state ?? t('money.check_unknown'),
      amount: answer.amount === null ? '–' : formatMinor(answer.amount, money.data),
      txn: answer.providerTxnId ?? '–',
    };
    return t(answer.settled ? 'money.check_settled' : `money.check_answer_${kind}`, params);
  };
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={decisions.busy === id}
      aria-label={t(`money.check_label_${kind}`, { id })}
      onClick={() => void decisions.run(id, check)}
    >
      {t('money.check')}
    </button>
  );
}
