import { describe, expect, it } from 'vitest';
import { launchAddress, onCdn, pickCdn } from './cdn';

describe('CDN addresses (spec §9)', () => {
  it('picks one CDN of the list at random, without its trailing slash; none is the same origin', () => {
    const cdns = ['https://a.example.test/', 'https://b.example.test'];
    expect(pickCdn(cdns, () => 0)).toBe('https://a.example.test');
    expect(pickCdn(cdns, () => 0.99)).toBe('https://b.example.test');
    expect(pickCdn([], () => 0.5)).toBe('');
  });

  it('puts a path of the site on the CDN and keeps addresses of other hosts', () => {
    expect(onCdn('/house-games/slots/?t=1', 'https://a.example.test')).toBe('https://a.example.test/house-games/slots/?t=1');
    expect(onCdn('media/x.svg', '')).toBe('/media/x.svg');
    expect(onCdn('https://vendor.example.test/play?id=9', 'https://a.example.test')).toBe(
      'https://vendor.example.test/play?id=9',
    );
    expect(onCdn('//vendor.example.test/play', 'https://a.example.test')).toBe('//vendor.example.test/play');
  });

  it("gives a game's launch address a launch CDN, and a vendor's own address stays", () => {
    const cdns = ['https://play.example.test'];
    expect(launchAddress('/house-games/lottery/?game=1', cdns)).toBe('https://play.example.test/house-games/lottery/?game=1');
    expect(launchAddress('https://vendor.example.test/launch', cdns)).toBe('https://vendor.example.test/launch');
    expect(launchAddress('/house-games/lottery/?game=1', [])).toBe('/house-games/lottery/?game=1');
  });
});
