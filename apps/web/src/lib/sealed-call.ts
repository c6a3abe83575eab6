import type { RsaKey } from '@tessera/contract/api/accounts';
import { type SealingKey, sealRequest } from '@tessera/contract/crypto/sealed-request';
import { ApiError, apiRequest, type CallTarget } from './api-client';

/** `getRsaKey` of packages/contract/src/api/accounts.ts (checked by sealed-call.test.ts). */
export const RSA_KEY_CALL = { method: 'GET', path: '/wps/session/key/rsa' } as const satisfies CallTarget;

/** Fetch a new key this long before the server says it rotates, so a sealed request never races the rotation. */
const KEY_REFRESH_MARGIN_MS = 60_000;

let cachedKey: Promise<RsaKey> | null = null;

function currentKey(): Promise<RsaKey> {
  if (cachedKey === null) {
    const pending = apiRequest<RsaKey>(RSA_KEY_CALL);
    cachedKey = pending;
    // A failed fetch is not remembered: the next call asks again.
    pending.catch(() => {
      if (cachedKey === pending) cachedKey = null;
    });
  }
  return cachedKey.then((key) => {
    if (key.expiresAt - KEY_REFRESH_MARGIN_MS > Date.now()) return key;
    cachedKey = null;
    return currentKey();
  });
}

/** Forgets the public key (tests, and after the server says it no longer knows the key id). */
export function forgetSealingKey() {
  cachedKey = null;
}

async function send<T>(call: CallTarget, data: unknown, key: SealingKey): Promise<T> {
  const sealed = await sealRequest(key, call, data);
  return apiRequest<T>(call, { body: sealed.body, headers: { Encryption: sealed.headers.encryption } });
}

/**
 * Calls an encrypted entry (DESIGN §2): `data` travels sealed with AES-256-GCM under a fresh key, which goes
 * RSA-OAEP-wrapped under the server's rotating public key in the `Encryption` header. When the server no
 * longer knows the key id (it rotated), the key is fetched again and the call is sealed and sent once more.
 */
export async function sealedCall<T>(call: CallTarget, data: unknown): Promise<T> {
  try {
    return await send<T>(call, data, await currentKey());
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'request.encryption.key.unknown') throw error;
    forgetSealingKey();
    return send<T>(call, data, await currentKey());
  }
}
