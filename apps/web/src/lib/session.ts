import { create } from 'zustand';
import { sessionStore } from './storage';

function storedAgentType(): number | null {
  const raw = sessionStore.get('isAgent');
  return raw !== null && /^[0-9]+$/.test(raw) ? Number(raw) : null;
}

interface SessionState {
  /** Opaque session token; logged in is judged by its presence (spec §4). Kept in session storage only. */
  token: string | null;
  /** The merchant code from the product config, sent as the `Merchant` header once known. */
  merchant: string | null;
  /** Agent type of the logged-in account (spec §5: 4 is a trial account), kept as session storage `isAgent`. */
  agentType: number | null;
  sessionStarted: (token: string, account?: { account: string; agentType: number }) => void;
  sessionEnded: () => void;
  merchantResolved: (merchant: string) => void;
}

export const useSession = create<SessionState>()((set) => ({
  token: sessionStore.get('token'),
  merchant: sessionStore.get('merchant'),
  agentType: storedAgentType(),
  sessionStarted: (token, account) => {
    sessionStore.set('token', token);
    if (account) {
      sessionStore.set('account', account.account);
      sessionStore.set('isAgent', String(account.agentType));
    }
    set({ token, agentType: account ? account.agentType : null });
  },
  // Spec §4 logout: session storage is cleared but the merchant values are kept.
  sessionEnded: () => {
    for (const key of ['token', 'account', 'isAgent'] as const) sessionStore.remove(key);
    set({ token: null, agentType: null });
  },
  merchantResolved: (merchant) => {
    sessionStore.set('merchant', merchant);
    set({ merchant });
  },
}));

export const isLoggedIn = (state: Pick<SessionState, 'token'>) => state.token !== null;
