import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementsQuery } from './api/get-announcements';
import { usePopupAnnouncementOnce } from './use-popup-announcement-once';

/**
 * Spec §4 "mark the post-login modal": opened by name after a login that needs no password change; shows the
 * popup (PU) announcement unless this session already showed it, then takes itself off the popup stack. It
 * draws nothing: the announcement opens as the ordinary notice popup, and a failed load shows nothing.
 */
export function PostLoginAnnouncements({ onClose }: { onClose: () => void }) {
  const { i18n } = useTranslation();
  const announcements = useQuery(announcementsQuery(i18n.language));
  usePopupAnnouncementOnce(announcements.data?.popup[0]);
  const isSettled = announcements.isSuccess || announcements.isError;
  useEffect(() => {
    if (isSettled) onClose();
  }, [isSettled, onClose]);
  return null;
}
