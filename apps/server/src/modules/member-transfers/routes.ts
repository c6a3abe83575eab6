import { getMemberTransfers, sendMemberTransfer } from '@tessera/contract/api/member-transfers';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { MemberTransferService } from './service.js';

export function memberTransferRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { memberTransfers: transfers }: { memberTransfers: MemberTransferService },
) {
  registerCall(app, http, getMemberTransfers, async (request) => transfers.info(request.merchantCode, memberOf(request)));
  registerCall(app, http, sendMemberTransfer, async (request) =>
    transfers.send(request.merchantCode, memberOf(request), request.body),
  );
}
