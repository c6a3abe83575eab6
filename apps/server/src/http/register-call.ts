import type { CallDef } from '@tessera/contract/api/call';
import { Envelope, ErrorEnvelope } from '@tessera/contract/envelope';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { verifyToken } from '../modules/sessions/service.js';
import { AppError } from '../platform/app-error.js';
import { ok } from '../platform/envelope.js';
import type { AppServices } from './services.js';
import './request-context.js';

type In<S> = S extends TSchema ? Static<S> : undefined;

export type CallHandler<V extends TSchema, Q, B> = (
  request: FastifyRequest<{ Querystring: In<Q>; Body: In<B> }>,
  reply: FastifyReply,
) => Promise<Static<V>>;

const errorResponses = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/**
 * Registers one contract call: input schemas validated by Fastify, the envelope's `value` schema used for
 * serialisation (unknown fields never leak), the token check when `auth` is 'token', and the maintenance /
 * region gate unless the call bypasses it.
 */
export function registerCall<V extends TSchema, Q extends TSchema | undefined, B extends TSchema | undefined>(
  app: FastifyInstance,
  services: AppServices,
  call: CallDef<V, Q, B>,
  handler: CallHandler<V, Q, B>,
) {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (!call.bypassesGate) preHandler.push(services.gate);
  if (call.auth === 'token') preHandler.push(tokenCheck(services));
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      operationId: call.id,
      summary: call.summary,
      tags: call.tags,
      ...(call.auth === 'token' ? { security: [{ token: [] }] } : {}),
      ...(call.querystring ? { querystring: call.querystring } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: Envelope(call.value), ...errorResponses },
    },
    preHandler,
    handler: async (request, reply) => ok(await handler(request as never, reply)),
  });
}

function tokenCheck(services: AppServices): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = request.headers[HEADERS.authorization];
    if (typeof token !== 'string' || token === '') throw new AppError('login.not.session');
    const session = await verifyToken(services.db, token, request.merchantCode);
    if (!session) throw new AppError('login.not.session');
    request.session = session;
  };
}
