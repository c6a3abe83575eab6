import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useScrollFix } from './scroll-fix';

/** Spec §9 modal defaults. */
export const DIALOG_DEFAULTS = { width: 600, height: 300, wrapperDelayMs: 100 } as const;

export interface DialogProps {
  open: boolean;
  /** Called with false when the player closes the dialog (close control, or Escape when closable). */
  onOpenChange: (open: boolean) => void;
  /** Accessible name; shown as the heading unless `hideTitle`. */
  title: ReactNode;
  hideTitle?: boolean;
  description?: ReactNode;
  /** Spec §2.3 show-close flag: the close control and Escape. */
  showClose?: boolean;
  /** Spec §2.3 background flag: the dimmed backdrop. */
  background?: boolean;
  closeLabel: string;
  width?: number;
  minHeight?: number;
  children: ReactNode;
}

/**
 * The one dialog of the site: portal, labelled by its title, focus trapped inside and restored on close,
 * Escape closes only when closable, and — as spec §2.3 wants — a click on the backdrop never closes it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  showClose = true,
  background = true,
  closeLabel,
  width = DIALOG_DEFAULTS.width,
  minHeight = DIALOG_DEFAULTS.height,
  children,
}: DialogProps) {
  useScrollFix(open);
  // Dialogs opened from the modal host have no Radix trigger: remember what had focus, give it back on close.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="dialog-backdrop"
          className={`tessera-dialog-fade fixed inset-0 z-40 ${background ? 'bg-slate-950/75' : 'bg-transparent'}`}
        />
        <RadixDialog.Content
          className="tessera-dialog-pop fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-slate-700 bg-slate-900 text-slate-100 shadow-2xl"
          style={{ maxWidth: width, minHeight: `min(${minHeight}px, calc(100dvh - 2rem))` }}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            if (!showClose) event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-center gap-3 border-b border-slate-800 px-5 py-3">
            <RadixDialog.Title className={hideTitle ? 'sr-only' : 'flex-1 text-lg font-semibold'}>{title}</RadixDialog.Title>
            {showClose && (
              <RadixDialog.Close
                aria-label={closeLabel}
                className="ms-auto grid size-9 place-items-center rounded-full text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className="px-5 pt-3 text-sm text-slate-300">{description}</RadixDialog.Description>
          )}
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
