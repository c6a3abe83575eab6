import { getRsaKey } from '@tessera/contract/api/accounts';
import type { CallDef } from '@tessera/contract/api/call';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { type CallHandler, registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import type { EncryptedEntries } from './service.js';

export function cryptoEntryRoutes(app: FastifyInstance, services: AppServices, entries: EncryptedEntries) {
  registerCall(app, services, getRsaKey, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const key = await entries.keys.currentKey();
    return { ...key, algorithm: 'RSA-OAEP-256+A256GCM' as const };
  });
}

/**
 * Registers an encrypted entry: the sealed `{ value }` body is opened before validation (preValidation), so the
 * call's body schema validates the opened payload and the handler never sees ciphertext.
 */
export function registerEncryptedCall<V extends TSchema, Q extends TSchema | undefined, B extends TSchema | undefined>(
  app: FastifyInstance,
  services: AppServices,
  entries: EncryptedEntries,
  call: CallDef<V, Q, B>,
  handler: CallHandler<V, Q, B>,
) {
  if (!call.encrypted) throw new Error(`call ${call.id} is not marked encrypted in the contract`);
  app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      request.body = await entries.open({
        method: call.method,
        path: call.path,
        encryptionHeader: request.headers[HEADERS.encryption],
        body: request.body,
      });
    });
    registerCall(scope, services, call, handler);
  });
}
