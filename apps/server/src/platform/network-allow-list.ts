import ipaddr from 'ipaddr.js';

/** Addresses and CIDR ranges (`10.0.0.0/8`, `::1`), or `any`. */
export type NetworkAllowList = 'any' | string[];

/** Parses a comma-separated allow-list; throws on an entry that is neither an address nor a CIDR range. */
export function parseNetworkAllowList(raw: string): NetworkAllowList {
  if (raw.trim() === 'any') return 'any';
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!ipaddr.isValidCIDR(entry) && !ipaddr.isValid(entry)) throw new Error(`not an address or CIDR range: ${entry}`);
  }
  return entries;
}

export function isAllowedAddress(list: NetworkAllowList, ip: string): boolean {
  if (list === 'any') return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:1.2.3.4, as dual-stack sockets report) into plain IPv4.
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return list.some((entry) => {
    const [range, bits] = ipaddr.isValidCIDR(entry)
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.process(entry), entry.includes(':') ? 128 : 32] as const);
    return address.kind() === range.kind() && address.match([range, bits] as never);
  });
}
