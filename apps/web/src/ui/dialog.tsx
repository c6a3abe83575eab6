import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button';
import { DIALOG_DEFAULTS } from './dialog-defaults';
import { useModalDialog } from './modal-dialog';

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
  /**
   * Spec §2.3 special-close flag: a tap on the backdrop closes it too, for a popup that only tells something (an
   * announcement). Without it, as the spec wants of every other popup, only the close control and Escape do.
   */
  specialClose?: boolean;
  closeLabel: string;
  width?: number;
  minHeight?: number;
  /**
   * A fixed height (capped by the screen's) for a dialog whose content changes while it is open: its size and
   * place stay as they are and the content scrolls inside.
   */
  height?: number;
  children: ReactNode;
}

/**
 * The one dialog of the site (a native modal `<dialog>`, ui/modal-dialog.ts): labelled by its title, focus kept
 * inside and given back on close, Escape closes only when closable, and — as spec §2.3 wants — a click on the
 * backdrop closes it only with the special-close flag. Rendered into the body, and only while open.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  showClose = true,
  background = true,
  specialClose = false,
  closeLabel,
  width = DIALOG_DEFAULTS.width,
  minHeight = DIALOG_DEFAULTS.height,
  height,
  children,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const close = () => onOpenChange(false);
  const dialogProps = useModalDialog(open, showClose ? close : undefined, specialClose ? close : undefined);
  if (!open) return null;
  return createPortal(
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`tessera-dialog-pop m-auto hidden max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-none flex-col overflow-hidden rounded-2xl border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl open:flex ${background ? 'backdrop:bg-slate-950/75' : 'backdrop:bg-transparent'}`}
      style={{
        maxWidth: width,
        minHeight: `min(${minHeight}px, calc(100dvh - 2rem))`,
        ...(height ? { height: `min(${height}px, calc(100dvh - 2rem))` } : {}),
      }}
    >
      <div className="flex items-center gap-3 border-b border-slate-800 px-5 py-3">
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'flex-1 text-lg font-semibold'}>
          {title}
        </h2>
        {showClose && (
          <CloseButton
            label={closeLabel}
            onClick={close}
            className="ms-auto size-9 rounded-full text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300"
          />
        )}
      </div>
      {description && (
        <p id={descriptionId} className="px-5 pt-3 text-sm text-slate-300">
          {description}
        </p>
      )}
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
    </dialog>,
    document.body,
  );
}
