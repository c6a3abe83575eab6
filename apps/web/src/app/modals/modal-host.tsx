import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { bootMessage } from '../../i18n/boot-messages';
import { currentLanguage } from '../../i18n/language-state';
import { useModals } from '../../lib/modal-store';
import { DIALOG_DEFAULTS } from '../../ui/dialog-defaults';
import { Spinner } from '../../ui/spinner';
import { modalRegistry } from './registry';

/**
 * Spec §9 modal wrapper: a popup whose chunk is still loading (a slow phone network) shows, after the wrapper
 * delay, a box of the default size with a spinner, so the tap visibly did something; a fast open shows nothing.
 * Its text is a boot message: react-i18next's hook here would put i18next among the boot's static imports.
 */
function PopupOnItsWay() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), DIALOG_DEFAULTS.wrapperDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60">
      <div
        data-testid="popup-wrapper"
        className="grid place-items-center rounded-2xl border border-slate-700 bg-slate-900 shadow-2xl"
        style={{ width: DIALOG_DEFAULTS.wrapperSize, height: DIALOG_DEFAULTS.wrapperSize }}
      >
        <Spinner />
        <span className="sr-only">{bootMessage('popup_loading', currentLanguage())}</span>
      </div>
    </div>
  );
}

/** Renders the open popups from the registry, each with the wrapper while its chunk loads. */
export function ModalHost() {
  const stack = useModals((state) => state.stack);
  const close = useModals((state) => state.close);
  return stack.map(({ key, name, props }) => {
    const Modal = modalRegistry[name] as unknown as ComponentType<Record<string, unknown> & { onClose: () => void }>;
    return (
      <Suspense key={key} fallback={<PopupOnItsWay />}>
        <Modal {...(props as Record<string, unknown>)} onClose={() => close(key)} />
      </Suspense>
    );
  });
}
