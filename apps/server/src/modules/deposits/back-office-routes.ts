import { channelSave, channels } from '@tessera/contract/api/back-office-channels';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { ChannelAdmin } from './channel-admin.js';

/** The back office's deposit channels screen. */
export function depositChannelBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { channelAdmin }: { channelAdmin: ChannelAdmin },
) {
  registerCall(app, http, channels, async (request) => channelAdmin.list(request.merchantCode));
  registerCall(app, http, channelSave, async (request) =>
    channelAdmin.save(request.merchantCode, request.body, { actor: staffOf(request).name, kind: 'staff', ip: request.ip }),
  );
}
