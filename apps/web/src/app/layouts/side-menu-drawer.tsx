import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../ui/close-button';
import { useModalDialog } from '../../ui/modal-dialog';
import { useShell } from '../../ui/shell-store';
import { SideMenuEntries } from './side-menu';

/** The slide-out side menu of phone widths (a lazy chunk), a native modal dialog (ui/modal-dialog.ts). */
export function SideMenuDrawer() {
  const { t } = useTranslation();
  const isOpen = useShell((state) => state.isMenuOpen);
  const menuClosed = useShell((state) => state.menuClosed);
  const dialogProps = useModalDialog(isOpen, menuClosed);
  if (!isOpen) return null;
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard handlers come with dialogProps; Escape closes it
    <dialog
      {...dialogProps}
      aria-labelledby="side-menu-title"
      onClick={(event) => {
        // A tap on the dimmed page beside the menu reaches the dialog element itself, outside its box.
        const box = event.currentTarget.getBoundingClientRect();
        const outside =
          event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (event.target === event.currentTarget && outside) menuClosed();
      }}
      className="tessera-drawer m-0 hidden h-dvh max-h-none w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-e border-slate-800 bg-slate-900 p-4 text-slate-100 backdrop:bg-slate-950/70 open:flex"
    >
      <div className="flex items-center justify-between">
        <h2 id="side-menu-title" className="text-lg font-semibold">
          {t('shell.menu.title')}
        </h2>
        <CloseButton label={t('shell.menu.close')} onClick={menuClosed} className="size-10 rounded-full hover:bg-slate-800" />
      </div>
      <SideMenuEntries onNavigate={menuClosed} />
    </dialog>,
    document.body,
  );
}
