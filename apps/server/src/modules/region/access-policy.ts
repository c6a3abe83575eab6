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
