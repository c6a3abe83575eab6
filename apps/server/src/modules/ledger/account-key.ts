import type { LedgerAccountKind } from './tables.js';

export type AccountRef =
  | { kind: 'member_main'; memberId: bigint } // the player's main (single) wallet
  | { kind: 'member_vendor'; memberId: bigint; vendor: string } // per-vendor game wallet (transfer mode)
  | { kind: 'member_bonus'; memberId: bigint }
  | { kind: 'member_points'; memberId: bigint }
  | { kind: 'house'; purpose: 'games' | 'promotions' | 'playmoney' | 'adjustments' | 'points' } // sharded internally
  | { kind: 'channel_in'; channel: string } // a deposit channel's clearing account (may go negative)
  | { kind: 'channel_out'; channel: string }; // a payout channel's clearing account (may go negative)

/** Shards per account that may go negative (house, channels): concurrent transfers spread over these rows. */
export const SHARDS = 16;

const HOUSE_PURPOSES = new Set(['games', 'promotions', 'playmoney', 'adjustments', 'points']);
const NAME_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** An account's identity in `ledger_accounts`, without the shard. */
export interface AccountKey {
  kind: LedgerAccountKind;
  ownerId: bigint | null;
  ref: string;
}

/** Member accounts belong to a player and may never go below zero; the others are the platform's side. */
export function isMemberKind(kind: string): boolean {
  return kind.startsWith('member_');
}

/** The row identity of a reference. Throws RangeError for a malformed reference (a caller's bug, not input). */
export function keyOf(ref: AccountRef): AccountKey {
  switch (ref.kind) {
    case 'member_main':
    case 'member_bonus':
    case 'member_points':
      return { kind: ref.kind, ownerId: memberId(ref.memberId), ref: '' };
    case 'member_vendor':
      return { kind: ref.kind, ownerId: memberId(ref.memberId), ref: name(ref.vendor, 'vendor') };
    case 'house':
      if (!HOUSE_PURPOSES.has(ref.purpose)) throw new RangeError(`ledger: unknown house purpose ${String(ref.purpose)}`);
      return { kind: 'house', ownerId: null, ref: ref.purpose };
    case 'channel_in':
    case 'channel_out':
      return { kind: ref.kind, ownerId: null, ref: name(ref.channel, 'channel') };
    default:
      throw new RangeError(`ledger: unknown account kind ${String((ref as { kind: unknown }).kind)}`);
  }
}

/** A stable text form of the key (hashing requests, caching ids, telling two references apart). */
export function keyText(key: AccountKey): string {
  return `${key.kind}/${key.ownerId ?? ''}/${key.ref}`;
}

/** Member accounts are one row; the others pick a shard at random for each transfer. */
export function pickShard(key: AccountKey, chosen?: number): number {
  if (isMemberKind(key.kind)) return 0;
  if (chosen === undefined) return randomShard();
  if (!Number.isInteger(chosen) || chosen < 0 || chosen >= SHARDS) throw new RangeError(`ledger: invalid shard ${chosen}`);
  return chosen;
}

/** One shard for all the transfers of a database transaction (see TransferInput.shard). */
export const randomShard = () => Math.floor(Math.random() * SHARDS);

function memberId(id: bigint): bigint {
  if (typeof id !== 'bigint' || id <= 0n) throw new RangeError(`ledger: invalid member id ${String(id)}`);
  return id;
}

function name(value: string, what: string): string {
  if (typeof value !== 'string' || !NAME_PATTERN.test(value)) throw new RangeError(`ledger: invalid ${what} ${value}`);
  return value;
}
