import { LIVE_EVENTS, listNotifications, liveStream, markNotificationsRead } from '@tessera/contract/api/notifications';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { LiveConnection, LiveHub } from './live-hub.js';
import type { NotificationsService } from './service.js';

const DEFAULT_PAGE_SIZE = 20;
/** Tells EventSource-style readers how long to wait before reconnecting. */
const RETRY_MS = 3000;

/**
 * Member notifications and the live stream (server-sent events). The stream is read with fetch, so the token
 * travels in the Authorization header like every other call (never in a URL, where logs would keep it).
 */
export function notificationRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { notifications, liveHub: hub }: { notifications: NotificationsService; liveHub: LiveHub },
) {
  registerCall(app, http, listNotifications, async (request) =>
    notifications.list(request.merchantCode, memberOf(request), request.query.size ?? DEFAULT_PAGE_SIZE),
  );
  registerCall(app, http, markNotificationsRead, async (request) =>
    notifications.markRead(request.merchantCode, memberOf(request), BigInt(request.body.upToId)),
  );
  registerCall(app, http, liveStream, async (request, reply) => {
    const memberId = memberOf(request);
    reply.hijack();
    const raw = reply.raw;
    // A hijacked answer skips the reply's own headers (the security headers among them): written here.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const stream: LiveConnection = {
      send: (event, data) => {
        if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      comment: (text) => {
        if (!raw.writableEnded) raw.write(`: ${text}\n\n`);
      },
      end: () => raw.end(),
    };
    raw.write(`retry: ${RETRY_MS}\n\n`);
    const remove = hub.add(request.merchantCode, memberId, stream);
    // The response's close (not the request's, which fires once a GET has been read) marks the client leaving.
    raw.on('close', remove);
    stream.send(LIVE_EVENTS.ready, {});
    return null;
  });
}
