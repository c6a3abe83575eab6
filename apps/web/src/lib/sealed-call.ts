import type { RsaKey } from '@tessera/contract/api/accounts';
import type { CallRoute } from '@tessera/contract/api/call';
import type { AnswerOf, BodyOf } from '@tessera/contract/api/call-types';
import { type SealingKey, sealRequest } from '@tessera/contract/crypto/sealed-request';
import * as accountsRoutes from '@tessera/contract/routes/accounts';
import { ApiError, apiRequest, sendRequest } from './api-client';

/** Fetch a new key this long before the server says it rotates, so a sealed request never races the rotation. */
const KEY_REFRESH_MARGIN_MS = 60_000;

let cachedKey: Promise<RsaKey> | null = null;

function currentKey(): Promise<RsaKey> {
  if (cachedKey === null) {
    const pending = apiRequest(accountsRoutes.getRsaKey);
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

type SealedRoute = CallRoute & { encrypted: true };

async function send<R extends SealedRoute>(route: R, data: BodyOf<R>, key: SealingKey): Promise<AnswerOf<R>> {
  const sealed = await sealRequest(key, route, data);
  const answer = await sendRequest(route, { body: sealed.body, headers: { Encryption: sealed.headers.encryption } });
  return answer as AnswerOf<R>;
}

/**
 * Calls an encrypted entry (DESIGN §2): `data` travels sealed with AES-256-GCM under a fresh key, which goes
 * RSA-OAEP-wrapped under the server's rotating public key in the `Encryption` header. When the server no
 * longer knows the key id (it rotated), the key is fetched again and the call is sealed and sent once more.
 */
export async function sealedCall<R extends SealedRoute>(route: R, data: BodyOf<R>): Promise<AnswerOf<R>> {
  try {
    return await send(route, data, await currentKey());
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'request.encryption.key.unknown') throw error;
    forgetSealingKey();
    return send(route, data, await currentKey());
  }
}
