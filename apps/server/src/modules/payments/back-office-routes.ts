import * as api from '@tessera/contract/api/back-office-payments';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import type { GatewayCallbacks } from './callbacks.js';
import type { GatewayPayouts } from './payouts.js';
import type { Reconciliation } from './reconciliation.js';

/** The back office's payment-provider desk: the reconciliation queue and "check with the provider". */
export function paymentBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  services: { reconciliation: Reconciliation; gatewayCallbacks: GatewayCallbacks; gatewayPayouts: GatewayPayouts },
) {
  const { reconciliation, gatewayCallbacks, gatewayPayouts } = services;
  registerCall(app, http, api.reconciliation, async (request) => ({
    rows: await reconciliation.list(request.merchantCode, request.query.status),
  }));
  registerCall(app, http, api.reconciliationRun, async (request) => reconciliation.run(request.merchantCode, request.body.day));
  registerCall(app, http, api.reconciliationResolve, async (request) => {
    const actor = { actor: staffOf(request).name, kind: 'staff' as const, ip: request.ip };
    await reconciliation.resolve(actor, request.merchantCode, BigInt(request.body.id), request.body.note.trim());
    return null;
  });
  registerCall(app, http, api.providerCheck, async (request) => {
    const id = BigInt(request.body.id);
    const unavailable = (error: unknown): never => {
      request.log.warn({ err: error }, 'payment provider did not answer a status check');
      throw new AppError('payments.provider.unavailable');
    };
    if (request.body.kind === 'deposit') {
      const found = await gatewayCallbacks.providerStatus(request.merchantCode, id).catch(unavailable);
      if (!found) throw new AppError('payments.not.gateway');
      return {
        provider: found.provider,
        state: found.payment?.state ?? null,
        amount: found.payment?.amountMinor.toString() ?? null,
        providerTxnId: found.payment?.providerTxnId ?? null,
        settled: false,
      };
    }
    const checked = await gatewayPayouts.checkNow(request.merchantCode, id).catch(unavailable);
    if (!checked) throw new AppError('payments.not.gateway');
    return {
      provider: checked.provider,
      state: checked.payout?.state ?? null,
      amount: checked.payout?.amountMinor.toString() ?? null,
      providerTxnId: checked.payout?.providerTxnId ?? null,
      settled: checked.settled,
    };
  });
}
