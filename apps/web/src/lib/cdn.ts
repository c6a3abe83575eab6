/**
 * Addresses on one of the server's CDN lists (spec §9: images and game-launch addresses are chosen at random from
 * lists given by the server, `status.info.imageCDNs` and `launchGameCDNs`). An empty list is the site's own origin.
 */

/** One CDN of the list, at random, without a trailing slash ('' for the same origin). */
export function pickCdn(cdns: readonly string[], random: () => number = Math.random): string {
  if (cdns.length === 0) return '';
  return (cdns[Math.floor(random() * cdns.length)] ?? '').replace(/\/+$/, '');
}

/** Absolute addresses (another host, data URLs) are kept; a path of the site is put on `cdn`. */
export function onCdn(path: string, cdn: string): string {
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  return `${cdn}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A game's launch address: a path of the site goes to a launch CDN picked for this launch. */
export const launchAddress = (url: string, cdns: readonly string[], random: () => number = Math.random): string =>
  url === '' ? url : onCdn(url, pickCdn(cdns, random));
