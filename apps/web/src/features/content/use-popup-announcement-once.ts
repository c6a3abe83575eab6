import { useEffect } from 'react';
import { useModals } from '../../lib/modal-store';
import { sessionStore } from '../../lib/storage';

/**
 * Spec §2.3 / §4: the popup announcement opens once per browser session (session storage flag), whether the
 * visitor's home page or the post-login step gets to it first: both show the same list (the call takes no
 * token), so a player is never shown it twice in one session.
 */
export function usePopupAnnouncementOnce(popup: { title: string; content: string } | undefined) {
  const open = useModals((state) => state.open);
  useEffect(() => {
    if (!popup || sessionStore.get('popupAnnouncementShown') === '1') return;
    sessionStore.set('popupAnnouncementShown', '1');
    open('notice', { title: popup.title, html: popup.content, specialClose: true });
  }, [popup, open]);
}
