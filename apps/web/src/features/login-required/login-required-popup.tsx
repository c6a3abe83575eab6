import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/**
 * Spec §4: playing needs a session. Until the login popup exists (accounts issue, modal name `login`), this
 * says so plainly; it is closed by its close control, Escape or the OK button, never by the backdrop.
 */
export function LoginRequiredPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('login_required.title')}
      description={t('login_required.text')}
      closeLabel={t('modal.close')}
      minHeight={200}
      width={440}
    >
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('modal.confirm')}</Button>
      </div>
    </Dialog>
  );
}
