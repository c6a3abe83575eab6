import { type KeyboardEvent, type MouseEvent, type SyntheticEvent, useEffect, useRef } from 'react';
import { useScrollFix } from './scroll-fix';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A native `<dialog>` shown modally while `open`: the browser puts it in the top layer, makes the rest of the page
 * inert (the page behind is neither focusable, clickable nor read out) and moves focus into it; Tab and Shift+Tab
 * wrap around inside it instead of passing through the browser's own controls; on close, focus goes back to what
 * had it; the page's scroll position is pinned meanwhile (ui/scroll-fix.ts). Escape arrives as a `cancel` event, which is always stopped here (the dialog closes when its owner's
 * state says so) and reported through `onEscape` when the dialog may be closed. A click on the backdrop is
 * reported through `onBackdrop` when given, and does nothing otherwise (spec §2.3). Native instead of a dialog library: opening the library's dialog over the home page cost
 * ~50 ms of one task (focus scope, presence checks, an injected scroll-lock style that restyled the whole page).
 */
export function useModalDialog(open: boolean, onEscape?: () => void, onBackdrop?: () => void) {
  useScrollFix(open);
  const ref = useRef<HTMLDialogElement>(null);
  // A passive effect: for a dialog opened by a click React runs it at the end of the same commit, but one opened
  // by the page itself (the popup announcement at boot) shows in a task of its own after the commit has painted.
  // `showModal` restyles the whole page (inert), and the two together made one of the boot's longest tasks.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onEscape?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.checkVisibility?.() ?? true,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const [edge, wrapTo] = event.shiftKey ? [first, last] : [last, first];
    if (document.activeElement !== edge) return;
    event.preventDefault();
    wrapTo.focus();
  };
  // The backdrop belongs to the dialog element: a click there targets the element itself, outside its box.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (!onBackdrop || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onBackdrop();
  };
  /** For the `<dialog>` element, rendered only while open. */
  return { ref, onCancel, onKeyDown, onClick };
}
