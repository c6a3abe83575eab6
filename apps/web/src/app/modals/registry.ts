import { type ComponentType, lazy } from 'react';
import type { ModalName, ModalProps } from '../../lib/modal-store';

/**
 * The component of every popup named in lib/modal-store.ts; each is its own lazy chunk, fetched the first time it
 * opens. Open one from anywhere with `useModals.getState().open('notice', { ... })`.
 */
export const modalRegistry = {
  notice: lazy(() => import('../../features/notices/components/notice-popup').then((m) => ({ default: m.NoticePopup }))),
  login: lazy(() => import('../../features/accounts/components/login-popup').then((m) => ({ default: m.LoginPopup }))),
  register: lazy(() => import('../../features/accounts/components/register-popup').then((m) => ({ default: m.RegisterPopup }))),
  forgotPassword: lazy(() =>
    import('../../features/accounts/components/password-popups').then((m) => ({ default: m.ForgotPasswordPopup })),
  ),
  changePassword: lazy(() =>
    import('../../features/accounts/components/password-popups').then((m) => ({ default: m.ChangePasswordPopup })),
  ),
  resetPassword: lazy(() =>
    import('../../features/accounts/components/password-popups').then((m) => ({ default: m.ResetPasswordPopup })),
  ),
  firstLogin: lazy(() =>
    import('../../features/accounts/first-login/first-login-popup').then((m) => ({ default: m.FirstLoginPopup })),
  ),
  confirmLogout: lazy(() =>
    import('../../features/accounts/components/notice-popups').then((m) => ({ default: m.ConfirmLogoutPopup })),
  ),
  realAccountRequired: lazy(() =>
    import('../../features/accounts/components/notice-popups').then((m) => ({ default: m.RealAccountRequiredPopup })),
  ),
  accountWarning: lazy(() =>
    import('../../features/accounts/components/notice-popups').then((m) => ({ default: m.AccountWarningPopup })),
  ),
  postLoginAnnouncements: lazy(() =>
    import('../../features/content/post-login-announcements').then((m) => ({
      default: m.PostLoginAnnouncements,
    })),
  ),
  // Spec §4: a VASSALAGE vendor's game list.
  vendorGames: lazy(() => import('../../features/game/vendor-games-popup').then((m) => ({ default: m.VendorGamesPopup }))),
  // Spec §2.3 chat room: live chat with support.
  chatRoom: lazy(() => import('../../features/chat/chat-room-popup').then((m) => ({ default: m.ChatRoomPopup }))),
} satisfies { [N in ModalName]: ComponentType<ModalProps[N] & { onClose: () => void }> };
