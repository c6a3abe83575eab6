import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SafeHtml } from '../../../ui/safe-html';

export interface NoticePopupProps {
  /** Notice title as the server sent it; the popup's generic title is used when it is empty. */
  title: string;
  /** Notice body: server HTML, sanitised before display. */
  html: string;
  /** A tap on the backdrop closes it too (the Dialog's special-close flag): for a notice nobody asked for. */
  specialClose?: boolean;
  onClose: () => void;
}

/** Spec §2.3 notice popup: one notice, closed by its close control or the confirm button. */
export function NoticePopup({ title, html, specialClose = false, onClose }: NoticePopupProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={title || t('notice_popup.title')}
      closeLabel={t('modal.close')}
      specialClose={specialClose}
    >
      <SafeHtml html={html} className="text-sm leading-relaxed text-slate-200" />
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>{t('modal.confirm')}</Button>
      </div>
    </Dialog>
  );
}
