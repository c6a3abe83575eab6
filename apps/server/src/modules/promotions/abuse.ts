import ipaddr from 'ipaddr.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './repo.js';
import type { ClaimFlag } from './tables.js';

/**
 * An address that can tell people apart: loopback, private, carrier-grade NAT and other reserved ranges are shared
 * by whole networks (or are the proxy in front of this server), so they never flag anyone.
 */
export function isPersonalAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'unicast';
}

/**
 * One bonus per person, not per account (docs/decisions.md "Promotions"): what the member shares with the other
 * accounts that took the promotion, or with one other account (a referral's friend). Each shared trait is a flag;
 * a flagged claim waits for review instead of paying, so a family sharing a router is looked at, not refused.
 */
export async function abuseFlags(
  db: Kysely<Database> | Transaction<Database>,
  merchant: string,
  memberId: bigint,
  others: { promotionId: bigint } | { memberId: bigint },
): Promise<ClaimFlag[]> {
  const traits = await repo.selectPersonTraits(db, merchant, memberId);
  if (!traits) return [];
  const publicIps = traits.ips.filter(isPersonalAddress);
  const shared = await repo.selectSharedTraits(db, merchant, { ...traits, publicIps }, others);
  return shared.map((row) => ({ signal: row.signal, memberId: row.member_id.toString() }));
}
