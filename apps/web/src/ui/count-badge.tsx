import { localDigits } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';

/** The most a badge spells out; above it shows "99+". */
const BADGE_MAX = 99;

/**
 * A small count on a control (unread messages): hidden at 0. Decorative: the control's own label says the count
 * to screen readers.
 */
export function CountBadge({ count, className = '' }: { count: number; className?: string }) {
  const { i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="count-badge"
      className={`grid h-5 min-w-5 place-items-center rounded-full bg-rose-500 px-1 text-[11px] leading-none font-bold text-white ${className}`}
    >
      {localDigits(count > BADGE_MAX ? `${BADGE_MAX}+` : String(count), i18n.language)}
    </span>
  );
}
