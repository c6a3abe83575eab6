import { type ComponentProps, type ComponentType, lazy } from 'react';

/**
 * Every popup of the site by name; each is its own lazy chunk, fetched the first time it opens.
 * Open one from anywhere with `useModals.getState().open('notice', { ... })`.
 * The accounts issue adds `login`, `register`, `forgot` and `change_password`.
 */
export const modalRegistry = {
  notice: lazy(() => import('../../features/notices/components/notice-popup').then((m) => ({ default: m.NoticePopup }))),
  login_required: lazy(() =>
    import('../../features/login-required/login-required-popup').then((m) => ({ default: m.LoginRequiredPopup })),
  ),
} satisfies Record<string, ComponentType<never>>;

export type ModalName = keyof typeof modalRegistry;
/** The props a caller passes; `onClose` is supplied by the host. */
export type ModalPropsOf<N extends ModalName> = Omit<ComponentProps<(typeof modalRegistry)[N]>, 'onClose'>;
