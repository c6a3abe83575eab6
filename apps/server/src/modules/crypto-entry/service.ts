import { constants, createDecipheriv, privateDecrypt } from 'node:crypto';
import {
  parseEncryptionHeader,
  SEALED_IV_BYTES,
  SEALED_KEY_BYTES,
  SEALED_MAX_AGE_MS,
  SEALED_TAG_BYTES,
  sealedAdditionalData,
} from '@tessera/contract/crypto/sealed-request';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SealedBody } from '../../http/http-context.js';
import { AppError } from '../../platform/app-error.js';
import type { RsaKeyStore } from './key-store.js';

const NONCE_PATTERN = /^[A-Za-z0-9+/=_-]{16,64}$/;
/** Expired nonces are swept on every this many opened payloads, so the table stays as small as the window. */
const SWEEP_EVERY = 200;

/**
 * Opens encrypted entries (DESIGN §2, format in packages/contract/src/crypto/sealed-request.ts). Refuses
 * plaintext, unknown or expired keys, anything that fails the GCM tag, payloads older than two minutes and
 * nonces seen before (recorded in the database, so a replay to another instance fails too).
 */
export class EncryptedEntries {
  private opened = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly keys: RsaKeyStore,
    private readonly now: () => number = Date.now,
  ) {}

  async open(input: SealedBody): Promise<unknown> {
    const { header, value } = this.sealedParts(input);
    const parsed = parseEncryptionHeader(header);
    if (!parsed) throw new AppError('request.encryption.invalid');
    const privateKey = await this.keys.privateKey(parsed.keyId);
    if (!privateKey) throw new AppError('request.encryption.key.unknown');

    let payload: unknown;
    try {
      const aesKey = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        parsed.wrappedKey,
      );
      if (aesKey.length !== SEALED_KEY_BYTES || value.length < SEALED_IV_BYTES + SEALED_TAG_BYTES + 2) throw new Error('size');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, value.subarray(0, SEALED_IV_BYTES), {
        authTagLength: SEALED_TAG_BYTES,
      });
      decipher.setAAD(sealedAdditionalData(input.method, input.path));
      decipher.setAuthTag(value.subarray(value.length - SEALED_TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(value.subarray(SEALED_IV_BYTES, value.length - SEALED_TAG_BYTES)),
        decipher.final(),
      ]);
      payload = JSON.parse(plain.toString('utf8'));
    } catch {
      // Wrong key, tampered ciphertext or a sealed payload for another call: one answer, no oracle.
      throw new AppError('request.encryption.invalid');
    }

    if (!isSealedPayload(payload)) throw new AppError('request.encryption.invalid');
    if (Math.abs(this.now() - payload.ts) > SEALED_MAX_AGE_MS) throw new AppError('request.replayed');
    await this.recordNonce(payload.nonce);
    return payload.data;
  }

  private sealedParts(input: SealedBody): { header: string; value: Buffer } {
    const body = input.body as Record<string, unknown> | null | undefined;
    const header = input.encryptionHeader;
    const isSealedBody =
      typeof body === 'object' && body !== null && Object.keys(body).length === 1 && typeof body.value === 'string';
    // Plaintext secrets are refused outright, whatever else the request carries.
    if (typeof header !== 'string' || header === '' || !isSealedBody) throw new AppError('request.encryption.required');
    const value = Buffer.from(body.value as string, 'base64');
    if ((body.value as string).length > 65536 || value.length === 0) throw new AppError('request.encryption.invalid');
    return { header, value };
  }

  private async recordNonce(nonce: string) {
    const expiresAt = new Date(this.now() + 2 * SEALED_MAX_AGE_MS);
    const inserted = await this.db
      .insertInto('sealed_nonces')
      .values({ nonce, expires_at: expiresAt })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) throw new AppError('request.replayed');
    if (++this.opened % SWEEP_EVERY === 0) {
      await this.db.deleteFrom('sealed_nonces').where('expires_at', '<', new Date(this.now())).execute();
    }
  }
}

function isSealedPayload(value: unknown): value is { ts: number; nonce: string; data: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { ts, nonce, data } = value as Record<string, unknown>;
  return (
    typeof ts === 'number' &&
    Number.isFinite(ts) &&
    typeof nonce === 'string' &&
    NONCE_PATTERN.test(nonce) &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data)
  );
}
