import { base64ToBytes, bytesToBase64 } from './base64.js';
import { utf8, webCrypto } from './web-crypto.js';

/*
 * Encrypted entries (DESIGN §2): the JSON payload is sealed with AES-256-GCM under a fresh random key, and that
 * key travels RSA-OAEP (SHA-256) encrypted under the server's current public key.
 *
 *   body:    { "value": base64(iv[12] ‖ ciphertext ‖ tag[16]) }
 *   header:  Encryption: <keyId>.<base64(RSA-OAEP(aesKey[32]))>
 *
 * The sealed plaintext is `{ ts, nonce, data }`: the server refuses a `ts` more than two minutes away from its
 * clock and any nonce it has seen, so a captured request cannot be sent again. The GCM additional data is
 * "<METHOD> <path>", so a payload sealed for one call cannot be replayed against another.
 * This is defence in depth on top of TLS, never a substitute for it.
 */

export const SEALED_IV_BYTES = 12;
export const SEALED_TAG_BYTES = 16;
export const SEALED_KEY_BYTES = 32;
export const SEALED_NONCE_BYTES = 16;
/** How far a sealed payload's timestamp may be from the server's clock, either way. */
export const SEALED_MAX_AGE_MS = 120_000;
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The public key as `GET /wps/session/key/rsa` returns it. */
export interface SealingKey {
  keyId: string;
  /** SPKI DER, base64. */
  publicKey: string;
}

export interface SealedPayload<T> {
  ts: number;
  nonce: string;
  data: T;
}

export interface SealedRequest {
  headers: { encryption: string };
  body: { value: string };
}

export const sealedAdditionalData = (method: string, path: string) => utf8(`${method.toUpperCase()} ${path}`);

/** Seals `data` for one call. `path` is the call's path without the query string. */
export async function sealRequest<T>(
  key: SealingKey,
  call: { method: string; path: string },
  data: T,
  now: number = Date.now(),
): Promise<SealedRequest> {
  const crypto = webCrypto();
  const spki = base64ToBytes(key.publicKey);
  if (!spki) throw new Error('the public key is not base64');
  const rsa = await crypto.subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const rawKey = crypto.getRandomValues(new Uint8Array(SEALED_KEY_BYTES));
  const aes = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(SEALED_IV_BYTES));
  const payload: SealedPayload<T> = {
    ts: now,
    nonce: bytesToBase64(crypto.getRandomValues(new Uint8Array(SEALED_NONCE_BYTES))),
    data,
  };
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: sealedAdditionalData(call.method, call.path), tagLength: SEALED_TAG_BYTES * 8 },
      aes,
      utf8(JSON.stringify(payload)),
    ),
  );
  const wrappedKey = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, rawKey));
  const value = new Uint8Array(iv.length + sealed.length);
  value.set(iv, 0);
  value.set(sealed, iv.length);
  return {
    headers: { encryption: `${key.keyId}.${bytesToBase64(wrappedKey)}` },
    body: { value: bytesToBase64(value) },
  };
}

/** Splits an `Encryption` header into key id and wrapped key; null when it is not of that shape. */
export function parseEncryptionHeader(header: string): { keyId: string; wrappedKey: Uint8Array } | null {
  const dot = header.indexOf('.');
  if (dot < 1 || header.length > 2048) return null;
  const keyId = header.slice(0, dot);
  const wrappedKey = base64ToBytes(header.slice(dot + 1));
  if (!KEY_ID_PATTERN.test(keyId) || !wrappedKey) return null;
  return { keyId, wrappedKey };
}
