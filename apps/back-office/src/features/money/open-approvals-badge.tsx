import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../lib/use-call';

/** How often the navigation asks how many approvals wait: often enough that a second staff member sees one soon. */
const REFRESH_MS = 15_000;

/** The live count of approvals waiting that this staff member may decide, beside the navigation entry. */
export function OpenApprovalsBadge() {
  const { t } = useTranslation();
  const open = useCall(moneyRoutes.openApprovals, undefined, true, REFRESH_MS);
  const count = open.data?.open ?? 0;
  if (count === 0) return null;
  return (
    <span className="nav-count" data-testid="open-approvals">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('money.open_count', { count })}</span>
    </span>
  );
}
