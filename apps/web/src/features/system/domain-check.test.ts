import { describe, expect, it } from 'vitest';
import { isDomainAllowed } from './domain-check';

const routes = [
  { domain: 'localhost', isMain: false },
  { domain: '127.0.0.1', isMain: false },
  { domain: 'play.example.test', isMain: true },
];

describe('domain check', () => {
  it('passes a listed host with or without its port', () => {
    expect(isDomainAllowed({ host: '127.0.0.1:41234', hostname: '127.0.0.1' }, routes)).toBe(true);
    expect(isDomainAllowed({ host: 'PLAY.example.test', hostname: 'play.example.test' }, routes)).toBe(true);
  });
  it('fails a host that is not listed', () =>
    expect(isDomainAllowed({ host: 'clone.example.test', hostname: 'clone.example.test' }, routes)).toBe(false));
  it('checks nothing when the list is empty', () =>
    expect(isDomainAllowed({ host: 'anything.test', hostname: 'anything.test' }, [])).toBe(true));
});
