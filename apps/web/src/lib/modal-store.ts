import { create } from 'zustand';
import type { ModalName, ModalPropsOf } from '../app/modals/registry';

export interface OpenModal {
  key: number;
  name: ModalName;
  props: ModalPropsOf<ModalName>;
}

interface ModalState {
  /** Open popups, the last on top. */
  stack: OpenModal[];
  /** Opens a popup, or returns the key of the same popup (same name and props) when it is already open. */
  open: <N extends ModalName>(name: N, props: ModalPropsOf<N>) => number;
  close: (key: number) => void;
  closeAll: () => void;
}

let nextKey = 1;

function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

export const useModals = create<ModalState>()((set, get) => ({
  stack: [],
  open: (name, props) => {
    // A second click while a popup's chunk still loads, or several requests failing at once, must not stack copies.
    const already = get().stack.find((modal) => modal.name === name && sameProps(modal.props, props));
    if (already) return already.key;
    const key = nextKey++;
    set((state) => ({ stack: [...state.stack, { key, name, props } as OpenModal] }));
    return key;
  },
  close: (key) => set((state) => ({ stack: state.stack.filter((modal) => modal.key !== key) })),
  closeAll: () => set({ stack: [] }),
}));
