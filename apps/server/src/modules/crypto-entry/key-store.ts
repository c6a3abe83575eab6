import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  generateKeyPair,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const generateRsa = promisify(generateKeyPair);

/** A new key pair every 24 hours (one per slot); the previous one stays accepted for 15 minutes more. */
export const ROTATION_MS = 24 * 3600_000;
export const GRACE_MS = 15 * 60_000;
const AT_REST_INFO = 'tessera/rsa-private-key/v1';

export interface PublicKeyInfo {
  keyId: string;
  publicKey: string;
  expiresAt: number;
}

/**
 * The RSA-OAEP keys of encrypted entries, kept in the database so that every instance serves and accepts
 * the same ones. Private keys are sealed at rest (AES-256-GCM under a key derived from SECRET_KEY) and opened
 * into memory once per instance.
 */
export class RsaKeyStore {
  private readonly atRestKey: Buffer;
  private readonly privateKeys = new Map<string, { key: KeyObject; slot: number }>();
  private current: { slot: number; info: PublicKeyInfo } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    secretKey: string,
    private readonly now: () => number = Date.now,
  ) {
    this.atRestKey = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), AT_REST_INFO, 32));
  }

  /** The key clients should seal with now; created by whichever instance asks first in a new slot. */
  async currentKey(): Promise<PublicKeyInfo> {
    const slot = Math.floor(this.now() / ROTATION_MS);
    if (this.current?.slot === slot) return this.current.info;
    let row = await this.selectSlot(slot);
    if (!row) {
      await this.createSlot(slot);
      row = await this.selectSlot(slot);
      if (!row) throw new Error(`RSA key for slot ${slot} vanished`);
    }
    // PGlite returns bytea as a Uint8Array, pg as a Buffer: Buffer.from covers both.
    const info = {
      keyId: row.key_id,
      publicKey: Buffer.from(row.public_spki).toString('base64'),
      expiresAt: (slot + 1) * ROTATION_MS,
    };
    this.current = { slot, info };
    return info;
  }

  /** The private key of `keyId` while it is current or within its grace period; null otherwise. */
  async privateKey(keyId: string): Promise<KeyObject | null> {
    let entry = this.privateKeys.get(keyId);
    if (!entry) {
      const row = await this.db
        .selectFrom('rsa_keys')
        .select(['slot', 'private_sealed'])
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      if (!row) return null;
      entry = {
        key: createPrivateKey({ key: this.openAtRest(Buffer.from(row.private_sealed)), format: 'der', type: 'pkcs8' }),
        slot: Number(row.slot),
      };
      this.privateKeys.set(keyId, entry);
    }
    const now = this.now();
    const startsAt = entry.slot * ROTATION_MS;
    const acceptedUntil = (entry.slot + 1) * ROTATION_MS + GRACE_MS;
    return now >= startsAt && now < acceptedUntil ? entry.key : null;
  }

  private selectSlot(slot: number) {
    return this.db.selectFrom('rsa_keys').select(['key_id', 'public_spki']).where('slot', '=', BigInt(slot)).executeTakeFirst();
  }

  private async createSlot(slot: number) {
    const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
    await this.db
      .insertInto('rsa_keys')
      .values({
        slot: BigInt(slot),
        key_id: randomBytes(9).toString('base64url'),
        public_spki: publicKey.export({ format: 'der', type: 'spki' }),
        private_sealed: this.sealAtRest(privateKey.export({ format: 'der', type: 'pkcs8' })),
      })
      // Two instances may generate at once; the first row wins and both then read it.
      .onConflict((oc) => oc.column('slot').doNothing())
      .execute();
  }

  private sealAtRest(plain: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.atRestKey, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]);
  }

  private openAtRest(sealed: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.atRestKey, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
  }
}
