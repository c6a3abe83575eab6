import { getSystemStatus } from '@tessera/contract/api/system';
import { describe, expect, it } from 'vitest';
import { systemStatusCall } from './system-status';

// The web app repeats this path to keep the TypeBox runtime out of its initial chunk; it must not drift.
describe('system status call target', () => {
  it('matches the contract', () => {
    expect(systemStatusCall).toEqual({ method: getSystemStatus.method, path: getSystemStatus.path });
  });
});
