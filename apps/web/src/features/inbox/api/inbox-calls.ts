import { queryOptions } from '@tanstack/react-query';
import * as inboxRoutes from '@tessera/contract/routes/inbox';
import * as notificationsRoutes from '@tessera/contract/routes/notifications';
import { apiRequest } from '../../../lib/api-client';

export const MESSAGES_PAGE_SIZE = 10;

/** The inbox, one page at a time, in the language of the page (the key carries it: a switch reads again). */
export const messagesQuery = (page: number, language: string) =>
  queryOptions({
    queryKey: ['inbox', 'list', page, language],
    queryFn: ({ signal }) => apiRequest(inboxRoutes.listMessages, { query: { page, size: MESSAGES_PAGE_SIZE }, signal }),
  });

export const markMessagesRead = (ids: string[]) => apiRequest(inboxRoutes.markMessagesRead, { body: { ids } });
export const deleteMessages = (ids: string[]) => apiRequest(inboxRoutes.deleteMessages, { body: { ids } });

/** The newest notifications (deposits, withdrawals), re-readable after their toast is gone. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: ({ signal }) => apiRequest(notificationsRoutes.listNotifications, { query: { size: 50 }, signal }),
  });

export const markNotificationsRead = (upToId: string) =>
  apiRequest(notificationsRoutes.markNotificationsRead, { body: { upToId } });
