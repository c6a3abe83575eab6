import { getMemberTransfers, sendMemberTransfer } from '@tessera/contract/api/member-transfers';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { sessionMemberId } from '../responsible-gaming/session-member.js';
import { MemberTransferService } from './service.js';

export function memberTransferRoutes(app: FastifyInstance, services: AppServices) {
  const transfers = new MemberTransferService(services.db);
  registerCall(app, services, getMemberTransfers, async (request) =>
    transfers.info(request.merchantCode, sessionMemberId(request)),
  );
  registerCall(app, services, sendMemberTransfer, async (request) =>
    transfers.send(request.merchantCode, sessionMemberId(request), request.body),
  );
}
