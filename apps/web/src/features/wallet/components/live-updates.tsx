import type { NotificationType } from '@tessera/contract/api/notifications';
import { formatMinor } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../../lib/system-status';
import { CloseButton } from '../../../ui/close-button';
import { useNotificationToasts } from '../live/notification-store';
import { useLiveUpdates } from '../live/use-live-updates';

export const NOTIFICATION_KEYS: Record<NotificationType, ParseKeys> = {
  'deposit.arrived': 'notifications.type.deposit_arrived',
  'deposit.approved': 'notifications.type.deposit_approved',
  'deposit.rejected': 'notifications.type.deposit_rejected',
  'deposit.failed': 'notifications.type.deposit_failed',
  'deposit.expired': 'notifications.type.deposit_expired',
  'withdrawal.approved': 'notifications.type.withdrawal_approved',
  'withdrawal.rejected': 'notifications.type.withdrawal_rejected',
  'withdrawal.failed': 'notifications.type.withdrawal_failed',
  'withdrawal.paid': 'notifications.type.withdrawal_paid',
  'rebate.paid': 'notifications.type.rebate_paid',
  'rebate.bonus': 'notifications.type.rebate_bonus',
};

const TOAST_MS = 8000;

/** The live stream while logged in, and its notifications as toasts (announced to screen readers). */
export function LiveUpdates() {
  useLiveUpdates();
  const { t, i18n } = useTranslation();
  const { product } = useSystemStatus();
  const toasts = useNotificationToasts((state) => state.toasts);
  const dismiss = useNotificationToasts((state) => state.toastDismissed);
  const newest = toasts.at(-1);
  useEffect(() => {
    if (!newest) return;
    const timer = setTimeout(() => dismiss(newest.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [newest, dismiss]);

  // A portal on body: above the header's stacking context and the members-centre overlay.
  return createPortal(
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 top-16 z-[60] flex flex-col items-center gap-2 sm:inset-x-auto sm:end-4 sm:items-end"
    >
      {toasts.map((toast) => {
        const amount = typeof toast.payload.amountMinor === 'string' ? toast.payload.amountMinor : '0';
        const isGood = toast.type.endsWith('approved') || toast.type.endsWith('paid') || toast.type === 'rebate.bonus';
        return (
          <div
            key={toast.id}
            data-testid="notification-toast"
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-2xl ${isGood ? 'border-emerald-500/50 bg-emerald-950 text-emerald-50' : 'border-slate-600 bg-slate-900 text-slate-100'}`}
          >
            <p className="flex-1">
              {t(NOTIFICATION_KEYS[toast.type], {
                amount: `${product.currency.symbol} ${formatMinor(amount, product.currency.minorDigits, i18n.language)}`,
                reason: typeof toast.payload.reason === 'string' ? toast.payload.reason : '',
              })}
            </p>
            <CloseButton
              label={t('notifications.dismiss')}
              onClick={() => dismiss(toast.id)}
              className="-me-1 size-8 rounded-md hover:bg-white/10"
            />
          </div>
        );
      })}
    </div>,
    document.body,
  );
}
