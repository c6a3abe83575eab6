import type { RegionPolicy } from '@tessera/contract/settings';
import ipaddr from 'ipaddr.js';

export type AccessDecision =
  | { restricted: false; country: string | null }
  | { restricted: true; country: string | null; reason: 'cidr' | 'country' | 'unknown-country' | 'bad-address' };

function inAny(address: ipaddr.IPv4 | ipaddr.IPv6, cidrs: string[]): boolean {
  return cidrs.some((cidr) => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return address.kind() === range.kind() && address.match([range, bits] as never);
  });
}

/**
 * Decides whether an address may use the site (spec §4 status 2). Order: an allowed CIDR always passes; a
 * denied CIDR never does; then the country must be in the allow list (when there is one) and not in the deny
 * list; an address the GeoIP database cannot place passes unless `blockUnknownCountry` is on.
 * Never throws: an unparsable address is restricted.
 */
export function decideAccess(ip: string, policy: RegionPolicy, countryOf: (ip: string) => string | null): AccessDecision {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:1.2.3.4, as dual-stack sockets report) into plain IPv4.
    address = ipaddr.process(ip);
  } catch {
    return { restricted: true, country: null, reason: 'bad-address' };
  }
  const normalised = address.toString();
  const country = countryOf(normalised);
  if (inAny(address, policy.allowCidrs)) return { restricted: false, country };
  if (inAny(address, policy.denyCidrs)) return { restricted: true, country, reason: 'cidr' };
  if (country === null) {
    return policy.blockUnknownCountry ? { restricted: true, country, reason: 'unknown-country' } : { restricted: false, country };
  }
  if (policy.allowCountries.length > 0 && !policy.allowCountries.includes(country)) {
    return { restricted: true, country, reason: 'country' };
  }
  if (policy.denyCountries.includes(country)) return { restricted: true, country, reason: 'country' };
  return { restricted: false, country };
}

/** Addresses remembered per policy: enough for a busy hour's distinct visitors, bounded whatever the traffic. */
const REMEMBERED_ADDRESSES = 20_000;

/**
 * The gate's decision for every call, remembered per address and policy: placing an address (parsing it, the GeoIP
 * look-up) was a measurable share of a cached call. Settings replace the policy object when an operator changes
 * it, so a new policy starts with nothing remembered.
 */
export class AccessGate {
  private readonly decisions = new WeakMap<RegionPolicy, Map<string, boolean>>();

  constructor(private readonly countryOf: (ip: string) => string | null) {}

  restricted(ip: string, policy: RegionPolicy): boolean {
    let byAddress = this.decisions.get(policy);
    if (!byAddress) {
      byAddress = new Map();
      this.decisions.set(policy, byAddress);
    }
    let restricted = byAddress.get(ip);
    if (restricted === undefined) {
      restricted = decideAccess(ip, policy, this.countryOf).restricted;
      if (byAddress.size >= REMEMBERED_ADDRESSES) byAddress.clear();
      byAddress.set(ip, restricted);
    }
    return restricted;
  }
}
