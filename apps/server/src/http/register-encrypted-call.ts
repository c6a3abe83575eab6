import type { CallDef } from '@tessera/contract/api/call';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import type { HttpContext } from './http-context.js';
import { type CallHandler, registerCall } from './register-call.js';

/**
 * Registers an encrypted entry: the sealed `{ value }` body is opened before validation (preValidation), so the
 * call's body schema validates the opened payload and the handler never sees ciphertext.
 */
export function registerEncryptedCall<V extends TSchema, Q extends TSchema | undefined, B extends TSchema | undefined>(
  app: FastifyInstance,
  http: HttpContext,
  call: CallDef<V, Q, B>,
  handler: CallHandler<V, Q, B>,
) {
  if (!call.encrypted) throw new Error(`call ${call.id} is not marked encrypted in the contract`);
  app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      request.body = await http.openSealedBody({
        method: call.method,
        path: call.path,
        encryptionHeader: request.headers[HEADERS.encryption],
        body: request.body,
      });
    });
    registerCall(scope, http, call, handler);
  });
}
