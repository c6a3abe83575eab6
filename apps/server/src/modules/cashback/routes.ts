import { claimCashback, getCashback } from '@tessera/contract/api/cashback';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { sessionMemberId } from '../responsible-gaming/session-member.js';
import { CashbackService } from './service.js';

export function cashbackRoutes(app: FastifyInstance, services: AppServices) {
  const cashback = new CashbackService(services.db);
  registerCall(app, services, getCashback, async (request) => cashback.overview(request.merchantCode, sessionMemberId(request)));
  registerCall(app, services, claimCashback, async (request) => cashback.claim(request.merchantCode, sessionMemberId(request)));
}
