import { type ComponentType, Suspense } from 'react';
import { useModals } from '../../lib/modal-store';
import { modalRegistry } from './registry';

/** Renders the open popups from the registry. While a popup's chunk loads nothing is shown (≤ a blink). */
export function ModalHost() {
  const stack = useModals((state) => state.stack);
  const close = useModals((state) => state.close);
  return stack.map(({ key, name, props }) => {
    const Modal = modalRegistry[name] as unknown as ComponentType<Record<string, unknown> & { onClose: () => void }>;
    return (
      <Suspense key={key} fallback={null}>
        <Modal {...(props as Record<string, unknown>)} onClose={() => close(key)} />
      </Suspense>
    );
  });
}
