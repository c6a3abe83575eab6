import type { RegionPolicy } from '@tessera/contract/settings';
import { describe, expect, it } from 'vitest';
import { AccessGate, decideAccess } from './access-policy.js';
import { countryOf } from './geoip.js';

const open: RegionPolicy = { allowCountries: [], denyCountries: [], allowCidrs: [], denyCidrs: [], blockUnknownCountry: false };

describe('region access decision', () => {
  it('places public addresses with the shipped GeoIP database', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(decideAccess('8.8.8.8', open, countryOf)).toEqual({ restricted: false, country: 'US' });
  });

  it('restricts a denied country and lets others in', () => {
    const policy = { ...open, denyCountries: ['US'] };
    expect(decideAccess('8.8.8.8', policy, countryOf)).toMatchObject({ restricted: true, reason: 'country', country: 'US' });
  });

  it('restricts countries outside a non-empty allow list', () => {
    const policy = { ...open, allowCountries: ['BD'] };
    expect(decideAccess('8.8.8.8', policy, countryOf)).toMatchObject({ restricted: true, reason: 'country' });
  });

  it('lets an allowed CIDR through even from a denied country', () => {
    const policy = { ...open, denyCountries: ['US'], allowCidrs: ['8.8.8.0/24'] };
    expect(decideAccess('8.8.8.8', policy, countryOf)).toEqual({ restricted: false, country: 'US' });
  });

  it('restricts denied CIDRs, IPv4 and IPv6, including IPv4-mapped IPv6 addresses', () => {
    const policy = { ...open, denyCidrs: ['127.0.0.0/8', '::1/128'] };
    expect(decideAccess('127.0.0.1', policy, countryOf)).toMatchObject({ restricted: true, reason: 'cidr' });
    expect(decideAccess('::ffff:127.0.0.1', policy, countryOf)).toMatchObject({ restricted: true, reason: 'cidr' });
    expect(decideAccess('::1', policy, countryOf)).toMatchObject({ restricted: true, reason: 'cidr' });
  });

  it('lets unknown places in unless the operator blocks them', () => {
    expect(decideAccess('10.1.2.3', open, countryOf)).toEqual({ restricted: false, country: null });
    expect(decideAccess('10.1.2.3', { ...open, blockUnknownCountry: true }, countryOf)).toMatchObject({
      restricted: true,
      reason: 'unknown-country',
    });
  });

  it('restricts an address it cannot parse instead of throwing', () => {
    expect(decideAccess('not-an-ip', open, countryOf)).toMatchObject({ restricted: true, reason: 'bad-address' });
  });
});

describe("the gate's remembered decisions", () => {
  it('places an address once per policy, and a changed policy decides anew', () => {
    const placed: string[] = [];
    const gate = new AccessGate((ip) => {
      placed.push(ip);
      return 'US';
    });
    expect(gate.restricted('8.8.8.8', open)).toBe(false);
    expect(gate.restricted('8.8.8.8', open)).toBe(false);
    expect(placed).toEqual(['8.8.8.8']);
    expect(gate.restricted('8.8.8.8', { ...open, denyCountries: ['US'] })).toBe(true);
    expect(gate.restricted('::ffff:8.8.4.4', open)).toBe(false);
    expect(placed).toEqual(['8.8.8.8', '8.8.8.8', '8.8.4.4']);
  });
});
