import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useScrollFix } from '../../ui/scroll-fix';
import { useShell } from '../shell-store';
import { SideMenuEntries } from './side-menu';

/** The slide-out side menu of phone widths (a lazy chunk: it brings the dialog library). */
export function SideMenuDrawer() {
  const { t } = useTranslation();
  const isOpen = useShell((state) => state.isMenuOpen);
  const menuClosed = useShell((state) => state.menuClosed);
  useScrollFix(isOpen);
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(open) => !open && menuClosed()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="tessera-dialog-fade fixed inset-0 z-40 bg-slate-950/70" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="tessera-drawer fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-e border-slate-800 bg-slate-900 p-4 text-slate-100"
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-semibold">{t('shell.menu.title')}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('shell.menu.close')}
              className="grid size-10 place-items-center rounded-full hover:bg-slate-800"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </RadixDialog.Close>
          </div>
          <SideMenuEntries onNavigate={menuClosed} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
