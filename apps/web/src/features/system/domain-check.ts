import type { DomainRoute } from '@tessera/contract/settings';

/**
 * Spec §8 domain check: when the merchant lists its domains, the page must be served from one of them
 * (a list entry may name the host with or without its port). An empty list checks nothing.
 */
export function isDomainAllowed(location: { host: string; hostname: string }, routes: readonly DomainRoute[]): boolean {
  if (routes.length === 0) return true;
  const host = location.host.toLowerCase();
  const hostname = location.hostname.toLowerCase();
  return routes.some(({ domain }) => {
    const listed = domain.trim().toLowerCase().replace(/\.$/, '');
    return listed === host || listed === hostname;
  });
}
