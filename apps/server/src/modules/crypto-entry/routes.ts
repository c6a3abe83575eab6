import { getRsaKey } from '@tessera/contract/api/accounts';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import type { EncryptedEntries } from './service.js';

export function cryptoEntryRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { encryptedEntries }: { encryptedEntries: EncryptedEntries },
) {
  registerCall(app, http, getRsaKey, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const key = await encryptedEntries.keys.currentKey();
    return { ...key, algorithm: 'RSA-OAEP-256+A256GCM' as const };
  });
}
