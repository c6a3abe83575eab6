import { create } from 'zustand';
import { sessionStore } from './storage';

interface SessionState {
  /** Opaque session token; logged in is judged by its presence (spec §4). Kept in session storage only. */
  token: string | null;
  /** The merchant code from the product config, sent as the `Merchant` header once known. */
  merchant: string | null;
  sessionStarted: (token: string) => void;
  sessionEnded: () => void;
  merchantResolved: (merchant: string) => void;
}

export const useSession = create<SessionState>()((set) => ({
  token: sessionStore.get('token'),
  merchant: sessionStore.get('merchant'),
  sessionStarted: (token) => {
    sessionStore.set('token', token);
    set({ token });
  },
  // Spec §4 logout: session storage is cleared but the merchant values are kept.
  sessionEnded: () => {
    for (const key of ['token', 'account', 'isAgent'] as const) sessionStore.remove(key);
    set({ token: null });
  },
  merchantResolved: (merchant) => {
    sessionStore.set('merchant', merchant);
    set({ merchant });
  },
}));

export const isLoggedIn = (state: Pick<SessionState, 'token'>) => state.token !== null;
