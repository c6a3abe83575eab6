import { create } from 'zustand';

interface BalancePrivacyState {
  /** The player chose to hide the balance digits (for this tab). */
  isHidden: boolean;
  toggled: () => void;
}

export const useBalancePrivacy = create<BalancePrivacyState>()((set) => ({
  isHidden: false,
  toggled: () => set((state) => ({ isHidden: !state.isHidden })),
}));
