import { create } from 'zustand';
import type { ModalName, ModalPropsOf } from './registry';

export interface OpenModal {
  key: number;
  name: ModalName;
  props: ModalPropsOf<ModalName>;
}

interface ModalState {
  /** Open popups, the last on top. */
  stack: OpenModal[];
  open: <N extends ModalName>(name: N, props: ModalPropsOf<N>) => number;
  close: (key: number) => void;
  closeAll: () => void;
}

let nextKey = 1;

export const useModals = create<ModalState>()((set) => ({
  stack: [],
  open: (name, props) => {
    const key = nextKey++;
    set((state) => ({ stack: [...state.stack, { key, name, props } as OpenModal] }));
    return key;
  },
  close: (key) => set((state) => ({ stack: state.stack.filter((modal) => modal.key !== key) })),
  closeAll: () => set({ stack: [] }),
}));
