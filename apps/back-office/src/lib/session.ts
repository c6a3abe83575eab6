import type { StaffMe } from '@tessera/contract/api/back-office';
import type { Permission } from '@tessera/contract/staff-permissions';
import { useSyncExternalStore } from 'react';

/**
 * The staff session of this tab: its token (kept in sessionStorage, so it dies with the tab and is never shared with
 * the player site's storage) and who it belongs to.
 */
const TOKEN_KEY = 'tessera.bo.token';

interface SessionState {
  token: string | null;
  me: StaffMe | null;
}

let state: SessionState = { token: sessionStorage.getItem(TOKEN_KEY), me: null };
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const staffSession = {
  get: () => state,
  start(token: string, me: StaffMe) {
    sessionStorage.setItem(TOKEN_KEY, token);
    publish({ token, me });
  },
  know(me: StaffMe) {
    publish({ ...state, me });
  },
  end() {
    sessionStorage.removeItem(TOKEN_KEY);
    publish({ token: null, me: null });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useStaffSession = () => useSyncExternalStore(staffSession.subscribe, staffSession.get);

export const can = (me: StaffMe | null, permission: Permission) => me?.permissions.includes(permission) ?? false;
