import type { MemberNotification } from '@tessera/contract/api/notifications';
import { create } from 'zustand';

interface ToastState {
  /** Notifications that arrived live and are shown until dismissed (newest last, at most three). */
  toasts: MemberNotification[];
  notificationArrived: (notification: MemberNotification) => void;
  toastDismissed: (id: string) => void;
}

const MAX_TOASTS = 3;

export const useNotificationToasts = create<ToastState>()((set) => ({
  toasts: [],
  notificationArrived: (notification) =>
    set((state) => ({
      toasts: [...state.toasts.filter((toast) => toast.id !== notification.id), notification].slice(-MAX_TOASTS),
    })),
  toastDismissed: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));
