import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { MemberNotification } from '@tessera/contract/api/notifications';
import type { WalletBalance } from '@tessera/contract/api/wallet';
import { HEADERS } from '@tessera/contract/headers';
import * as notificationsRoutes from '@tessera/contract/routes/notifications';
import { LIVE_EVENTS } from '@tessera/contract/routes/notifications';
import { useEffect } from 'react';
import { currentLanguage } from '../../../i18n/language-state';
import { useSession } from '../../../lib/session';
import { balanceQuery } from '../api/balance';
import { useNotificationToasts } from './notification-store';
import { readServerEvents } from './sse-reader';
import { staleQueriesOf } from './stale-queries';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** A message to many players reaches them all at once: their reads of the new count spread over this long. */
const BROADCAST_SPREAD_MS = 10_000;

const isBroadcast = (event: string, data: string) =>
  event === LIVE_EVENTS.inbox && (JSON.parse(data) as { broadcast?: boolean }).broadcast === true;

/** Applies one live event to the cache: the balance in place, toasts for notifications, and every query it makes stale. */
export function handleLiveEvent(client: QueryClient, token: string, event: string, data: string) {
  if (event === LIVE_EVENTS.balance) {
    client.setQueryData(balanceQuery(token).queryKey, JSON.parse(data) as WalletBalance);
  } else if (event === LIVE_EVENTS.notification) {
    useNotificationToasts.getState().notificationArrived(JSON.parse(data) as MemberNotification);
  }
  const stale = staleQueriesOf(event, data);
  const invalidate = () => {
    for (const queryKey of stale) void client.invalidateQueries({ queryKey });
  };
  if (isBroadcast(event, data)) setTimeout(invalidate, Math.random() * BROADCAST_SPREAD_MS);
  else invalidate();
}

/**
 * Keeps one live stream open while logged in: balance changes replace the balance query's data, notifications
 * show as toasts. Reconnects with backoff; a 401 stops it (the next API call runs the session-lost flow).
 */
export function useLiveUpdates() {
  const token = useSession((state) => state.token);
  const client = useQueryClient();
  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    let delay = RETRY_MIN_MS;
    const connect = async () => {
      while (!controller.signal.aborted) {
        try {
          const { merchant } = useSession.getState();
          const headers: Record<string, string> = {
            accept: 'text/event-stream',
            [HEADERS.device]: 'web',
            [HEADERS.language]: currentLanguage(),
            [HEADERS.authorization]: token,
          };
          if (merchant) headers[HEADERS.merchant] = merchant;
          const response = await fetch(notificationsRoutes.liveStream.path, {
            headers,
            signal: controller.signal,
            cache: 'no-store',
          });
          if (response.status === 401) return;
          if (response.ok && response.body) {
            delay = RETRY_MIN_MS;
            await readServerEvents(response.body, ({ event, data }) => handleLiveEvent(client, token, event, data));
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    };
    void connect();
    return () => controller.abort();
  }, [token, client]);
}
