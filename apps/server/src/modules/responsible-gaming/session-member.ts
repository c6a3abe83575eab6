import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';

/** The member behind a token-checked call (responsible gaming, records, cashback and member transfers). */
export function sessionMemberId(request: FastifyRequest): bigint {
  if (!request.session) throw new AppError('login.not.session');
  return request.session.memberId;
}
