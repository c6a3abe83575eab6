import type { PromotionStatus } from '@tessera/contract/routes/promotions';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

const STATUS_KEYS: Record<PromotionStatus, ParseKeys> = {
  coming_soon: 'promotions.status.coming_soon',
  join: 'promotions.status.join',
  claim: 'promotions.status.claim',
  joined: 'promotions.status.joined',
  applying: 'promotions.status.applying',
  process: 'promotions.status.process',
  claimed: 'promotions.status.claimed',
  rejected: 'promotions.status.rejected',
  close: 'promotions.status.close',
};
const STATUS_CLASS: Record<PromotionStatus, string> = {
  coming_soon: 'bg-sky-400/15 text-sky-200',
  join: 'bg-amber-400/20 text-amber-200',
  claim: 'bg-amber-400/20 text-amber-200',
  joined: 'bg-indigo-400/20 text-indigo-200',
  applying: 'bg-sky-400/15 text-sky-200',
  process: 'bg-indigo-400/20 text-indigo-200',
  claimed: 'bg-emerald-400/15 text-emerald-200',
  rejected: 'bg-rose-400/15 text-rose-200',
  close: 'bg-slate-700 text-slate-300',
};

export const statusKey = (status: PromotionStatus) => STATUS_KEYS[status];

/** A promotion's status for the member (spec §4), as a small badge. */
export function StatusBadge({ status }: { status: PromotionStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`} data-status={status}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}
