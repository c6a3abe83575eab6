import type { CallDef } from '@tessera/contract/api/call';
import { sealRequest } from '@tessera/contract/crypto/sealed-request';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Calls an encrypted entry the way the web client does: fetch the public key, seal the payload with the
 * contract's Web Crypto helper, send `{ value }` with the Encryption header.
 */
export async function sealedInject(
  app: FastifyInstance,
  call: Pick<CallDef, 'method' | 'path'>,
  payload: unknown,
  options: { headers?: Record<string, string>; remoteAddress?: string; now?: number } = {},
) {
  const key = (await app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
  const sealed = await sealRequest(key, call, payload, options.now);
  const request: InjectOptions = {
    method: call.method,
    url: call.path,
    headers: { ...options.headers, ...sealed.headers },
    payload: sealed.body,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  return app.inject(request);
}
