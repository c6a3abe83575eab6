import { getBonusDetails, getTransactionHistory, type RecordType } from '@tessera/contract/api/records';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { memberOf } from '../../http/request-context.js';
import type { RecordsService } from './service.js';

export function recordsRoutes(app: FastifyInstance, http: HttpContext, { records }: { records: RecordsService }) {
  registerCall(app, http, getTransactionHistory, async (request) => {
    const { types, ...rest } = request.query;
    return records.transactions(request.merchantCode, memberOf(request), {
      ...rest,
      types: types ? ([...new Set(types.split(','))] as RecordType[]) : undefined,
    });
  });
  registerCall(app, http, getBonusDetails, async (request) =>
    records.bonuses(request.merchantCode, memberOf(request), request.query),
  );
}
