import type { ColumnType } from 'kysely';

export interface CryptoEntryTables {
  rsa_keys: RsaKeyTable;
  sealed_nonces: SealedNonceTable;
}

/** One RSA key pair per rotation slot; every instance reads the same row, so they all accept the same keys. */
export interface RsaKeyTable {
  slot: bigint;
  key_id: string;
  public_spki: Buffer;
  /** PKCS#8 DER sealed with AES-256-GCM under a key derived from SECRET_KEY. */
  private_sealed: Buffer;
  created_at: ColumnType<Date, never, never>;
}

/** Nonces of sealed payloads seen within their validity window: a second use is a replay. */
export interface SealedNonceTable {
  nonce: string;
  expires_at: Date;
}
