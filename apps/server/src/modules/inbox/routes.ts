import * as api from '@tessera/contract/api/inbox';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { answerLanguage, memberOf } from '../../http/request-context.js';
import type { InboxService } from './service.js';

/** The member's inbox (members centre "platform information") and its unread count, `CSP_unreadCount`. */
export function inboxRoutes(app: FastifyInstance, http: HttpContext, { inbox }: { inbox: InboxService }) {
  registerCall(app, http, api.unreadCount, async (request) => inbox.unread(request.merchantCode, memberOf(request)));

  registerCall(app, http, api.listMessages, async (request) =>
    inbox.list(request.merchantCode, memberOf(request), answerLanguage(request), request.siteSettings.product.defaultLang, {
      page: request.query.page ?? 1,
      size: request.query.size ?? 10,
    }),
  );

  registerCall(app, http, api.markMessagesRead, async (request) =>
    inbox.mark(request.merchantCode, memberOf(request), request.body.ids.map(BigInt), 'read'),
  );

  registerCall(app, http, api.deleteMessages, async (request) =>
    inbox.mark(request.merchantCode, memberOf(request), request.body.ids.map(BigInt), 'deleted'),
  );
}
