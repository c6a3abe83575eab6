import type { VendorCard } from '@tessera/contract/api/catalogue';
import { create } from 'zustand';

/** A popup opened without props. */
type NoProps = Record<never, never>;

/** The member a first login belongs to: the first-login step greets them, a trial account skips the members centre. */
interface FirstLogin {
  account: string;
  id: number;
  agentType?: number;
}

/**
 * Every popup of the site by name, with the props its opener passes (the host adds `onClose`). The registry of
 * their lazy components (app/modals/registry.ts) does not compile when a component's props drift from these.
 */
export interface ModalProps {
  notice: { title: string; html: string; specialClose?: boolean };
  login: { tab?: 'username' | 'sms' };
  register: NoProps;
  forgotPassword: NoProps;
  /** Without `grant` the member types the old password; with it the change is forced (expired or first login). */
  changePassword: { grant?: string; isExpired?: boolean; firstLogin?: Required<FirstLogin> };
  resetPassword: { token: string };
  firstLogin: FirstLogin;
  confirmLogout: NoProps;
  realAccountRequired: NoProps;
  accountWarning: { messageKey: string };
  postLoginAnnouncements: NoProps;
  vendorGames: { vendor: VendorCard };
  chatRoom: NoProps;
}

export type ModalName = keyof ModalProps;

export interface OpenModal {
  key: number;
  name: ModalName;
  props: ModalProps[ModalName];
}

interface ModalState {
  /** Open popups, the last on top. */
  stack: OpenModal[];
  /** Opens a popup, or returns the key of the same popup (same name and props) when it is already open. */
  open: <N extends ModalName>(name: N, props: ModalProps[N]) => number;
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
