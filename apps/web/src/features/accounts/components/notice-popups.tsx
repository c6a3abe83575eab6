import { useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageKey, isSessionLost } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { logout } from '../api/session-calls';
import { closeOn } from './close-on';

/**
 * A warning with a confirm button (spec §8): 'in_need_true_account' for a trial account's gated action, a failed
 * SMS send's server message, 'You are not logged in, please login' after the session ended elsewhere.
 */
export function AccountWarningPopup({ onClose, messageKey }: { onClose: () => void; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={closeOn(onClose)}
      title={t('accounts.warning.title')}
      closeLabel={t('modal.close')}
      width={400}
      minHeight={180}
    >
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm text-slate-200">
          {t(messageKey as ParseKeys)}
        </p>
        <Button onClick={onClose} className="self-end">
          {t('modal.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Spec §5: a trial account tried a gated action. */
export function RealAccountRequiredPopup({ onClose }: { onClose: () => void }) {
  return <AccountWarningPopup onClose={onClose} messageKey="in_need_true_account" />;
}

/**
 * Logout with confirmation (spec §4): calls logout, clears session storage but the merchant values, drops the
 * member's cached data and goes to /. A session the server already ended counts as logged out.
 */
export function ConfirmLogoutPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const handleConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await logout();
    } catch (failure) {
      if (!isSessionLost(failure)) {
        setError(errorMessageKey(failure));
        setBusy(false);
        return;
      }
    }
    useSession.getState().sessionEnded();
    queryClient.removeQueries({ queryKey: ['accounts', 'member-info'] });
    onClose();
    void navigate('/');
  };

  return (
    <Dialog
      open
      onOpenChange={closeOn(onClose)}
      title={t('accounts.logout.title')}
      closeLabel={t('modal.close')}
      width={400}
      minHeight={180}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-200">{t('accounts.logout.text')}</p>
        {error && (
          <p role="alert" className="text-sm text-rose-300">
            {t(error as ParseKeys)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('accounts.logout.cancel')}
          </Button>
          <Button onClick={() => void handleConfirm()} disabled={isBusy}>
            {t('accounts.logout.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
