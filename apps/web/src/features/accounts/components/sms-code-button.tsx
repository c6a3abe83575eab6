import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { useModals } from '../../../lib/modal-store';
import { Button } from '../../../ui/button';
import { useCountdown } from '../hooks/use-countdown';

/**
 * Sends an SMS code and then waits out the code's life (spec §4: expiredMinutes × 60 s), showing the seconds
 * left. `onSend` returns the server's `expiredMinutes`; a failed send shows the server's message in a warning
 * dialog (spec §8). `canSend` lets the form check the number first (it shows its own message when not).
 * `waitSeconds` replaces the code's life where the spec waits less (1 minute for third-party verification).
 */
export function SmsCodeButton({
  onSend,
  canSend,
  waitSeconds,
}: {
  onSend: () => Promise<{ expiredMinutes: number }>;
  canSend: () => Promise<boolean>;
  waitSeconds?: number;
}) {
  const { t } = useTranslation();
  const open = useModals((state) => state.open);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [isSending, setSending] = useState(false);
  const left = useCountdown(endsAt);

  const handleClick = async () => {
    if (isSending || left > 0 || !(await canSend())) return;
    setSending(true);
    try {
      const { expiredMinutes } = await onSend();
      setEndsAt(Date.now() + (waitSeconds ?? expiredMinutes * 60) * 1000);
    } catch (error) {
      open('accountWarning', { messageKey: errorMessageKey(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      variant="secondary"
      className="min-h-11 shrink-0 px-3"
      disabled={isSending || left > 0}
      onClick={() => void handleClick()}
    >
      {left > 0 ? t('accounts.sms.resend_in', { seconds: left }) : t('accounts.sms.send')}
    </Button>
  );
}
