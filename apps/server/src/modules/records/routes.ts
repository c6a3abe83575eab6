import { getBonusDetails, getTransactionHistory, type RecordType } from '@tessera/contract/api/records';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { sessionMemberId } from '../responsible-gaming/session-member.js';
import { RecordsService } from './service.js';

export function recordsRoutes(app: FastifyInstance, services: AppServices) {
  const records = new RecordsService(services.db);

  registerCall(app, services, getTransactionHistory, async (request) => {
    const { types, ...rest } = request.query;
    return records.transactions(request.merchantCode, sessionMemberId(request), {
      ...rest,
      types: types ? ([...new Set(types.split(','))] as RecordType[]) : undefined,
    });
  });
  registerCall(app, services, getBonusDetails, async (request) =>
    records.bonuses(request.merchantCode, sessionMemberId(request), request.query),
  );
}
