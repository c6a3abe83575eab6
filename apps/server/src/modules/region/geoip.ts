import { createRequire } from 'node:module';

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

// geoip-country is CommonJS and loads its bundled database synchronously on first require: done once at start.
const geoip = createRequire(import.meta.url)('geoip-country') as GeoipCountry;

/** ISO country of a public address from the offline database shipped in the npm package; null when unknown. */
export function countryOf(ip: string): string | null {
  return geoip.lookup(ip)?.country ?? null;
}
