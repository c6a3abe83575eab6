import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** The hash the first entry of the log chains to. */
export const GENESIS_HASH = '0'.repeat(64);

/** What one entry says, as it is hashed: every column but its own hash. */
export interface ChainedFields {
  seq: bigint;
  at: Date;
  actor: string;
  actorKind: string;
  ip: string | null;
  merchantCode: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  prevHash: string;
}

/**
 * SHA-256 over the entry's fields in RFC 8785 canonical JSON: jsonb reorders object keys, so the hash is taken over
 * an order-free form, and the same entry read back hashes the same.
 */
export function entryHash(fields: ChainedFields): string {
  const text = canonicalize({
    seq: fields.seq.toString(),
    at: fields.at.toISOString(),
    actor: fields.actor,
    actorKind: fields.actorKind,
    ip: fields.ip,
    merchantCode: fields.merchantCode,
    action: fields.action,
    target: fields.target,
    before: fields.before ?? null,
    after: fields.after ?? null,
    prevHash: fields.prevHash,
  });
  return createHash('sha256')
    .update(text ?? '', 'utf8')
    .digest('hex');
}

/** A value as jsonb gives it back (numbers and key order normalised), so what is hashed is what is stored. */
export const asStoredJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));
