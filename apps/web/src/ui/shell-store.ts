import { create } from 'zustand';

interface ShellState {
  isMenuOpen: boolean;
  menuOpened: () => void;
  menuClosed: () => void;
}

/** Cross-cutting shell UI state: the slide-out side menu. */
export const useShell = create<ShellState>()((set) => ({
  isMenuOpen: false,
  menuOpened: () => set({ isMenuOpen: true }),
  menuClosed: () => set({ isMenuOpen: false }),
}));
