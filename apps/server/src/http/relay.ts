import type { CallDef } from '@tessera/contract/api/call';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { AppError } from '../platform/app-error.js';
import type { HttpContext } from './http-context.js';
import { type CallHandler, registerCall } from './register-call.js';

export const RELAY_PREFIX = '/wps/relay/';

/**
 * `/wps/relay/<NAME>` calls (spec §7): each name is registered as its own route, so it gets its own schemas,
 * docs and metrics; any other name reaches the fallback and is a 404 envelope, never a crash.
 */
export function registerRelay<V extends TSchema, Q extends TSchema | undefined, B extends TSchema | undefined>(
  app: FastifyInstance,
  http: HttpContext,
  call: CallDef<V, Q, B>,
  handler: CallHandler<V, Q, B>,
) {
  if (!call.path.startsWith(RELAY_PREFIX)) throw new Error(`relay call ${call.id} must live under ${RELAY_PREFIX}`);
  registerCall(app, http, call, handler);
}

export function installRelayFallback(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url: `${RELAY_PREFIX}:name`,
    schema: { hide: true },
    handler: async () => {
      throw new AppError('relay.not.found');
    },
  });
}
