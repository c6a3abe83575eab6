import * as api from '@tessera/contract/api/back-office-messages';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { Deliveries } from './service.js';

/** The back office's view of mail and SMS deliveries: the list (dead letters among them) and the audited retry. */
export function deliveryBackOfficeRoutes(app: FastifyInstance, http: HttpContext, { deliveries }: { deliveries: Deliveries }) {
  registerCall(app, http, api.deliveryList, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    return deliveries.page(
      request.merchantCode,
      { state: request.query.state, channel: request.query.channel },
      { offset: ((request.query.page ?? 1) - 1) * pageSize, limit: pageSize },
    );
  });

  registerCall(app, http, api.deliveryRetry, async (request) => {
    await deliveries.retry(request.merchantCode, BigInt(request.body.id), {
      actor: staffOf(request).name,
      kind: 'staff',
      ip: request.ip,
    });
    return null;
  });
}
