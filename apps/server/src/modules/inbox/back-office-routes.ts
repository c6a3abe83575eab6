import * as api from '@tessera/contract/api/back-office-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AuditActor } from '../audit-log/service.js';
import type { InboxService } from './service.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });

/** The back office's messages to players: sent through the inbox service, audited there. */
export function inboxBackOfficeRoutes(app: FastifyInstance, http: HttpContext, { inbox }: { inbox: InboxService }) {
  registerCall(app, http, api.messageList, async (request) =>
    inbox.sent(request.merchantCode, { page: request.query.page ?? 1, pageSize: request.query.pageSize ?? 25 }),
  );

  registerCall(app, http, api.messageSend, async (request) => {
    const { id, recipients } = await inbox.send(request.merchantCode, request.body, actorOf(request));
    return { id: id.toString(), recipients };
  });

  registerCall(app, http, api.messageWithdraw, async (request) => {
    await inbox.withdraw(request.merchantCode, BigInt(request.body.id), actorOf(request));
    return null;
  });
}
