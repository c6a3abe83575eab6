import { claimCashback, getCashback } from '@tessera/contract/api/cashback';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { CashbackService } from './service.js';

export function cashbackRoutes(app: FastifyInstance, http: HttpContext, { cashback }: { cashback: CashbackService }) {
  registerCall(app, http, getCashback, async (request) => cashback.overview(request.merchantCode, memberOf(request)));
  registerCall(app, http, claimCashback, async (request) => cashback.claim(request.merchantCode, memberOf(request)));
}
