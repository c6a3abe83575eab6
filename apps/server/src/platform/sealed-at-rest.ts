import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** What each sealed kind of value is for: the key is derived per purpose, so one kind never opens as another. */
export const SEAL_PURPOSES = {
  staffTotpSecret: 'tessera/staff-totp-secret/v1',
  memberTotpSecret: 'tessera/member-totp-secret/v1',
} as const;

/**
 * Secrets kept in the database sealed with AES-256-GCM under a key derived from the server secret (SECRET_KEY, or
 * DATA_DIR/secret-key that instances sharing a data directory share): a database dump alone does not reveal them.
 * Each value has its own random nonce, and the row it belongs to is bound in as associated data, so a sealed value
 * copied onto another row does not open.
 */
export class SealedAtRest {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), purpose, 32));
  }

  /** `version ‖ nonce ‖ ciphertext ‖ tag`. */
  seal(plain: string, boundTo: string): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.of(VERSION), nonce, body, cipher.getAuthTag()]);
  }

  /** The plain text; throws when the value was sealed under another key or row, or was changed. */
  open(sealed: Uint8Array, boundTo: string): string {
    const bytes = Buffer.from(sealed);
    if (bytes[0] !== VERSION || bytes.length < 1 + NONCE_BYTES + TAG_BYTES) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(1, 1 + NONCE_BYTES));
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(1 + NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}
