import { getHelpCenter, getSystemStatus } from '@tessera/contract/api/system';
import { describe, expect, it } from 'vitest';
import { helpCenterCall } from '../features/help/api/get-help-center';
import { systemStatusCall } from './system-status';

// The web app repeats these paths to keep the TypeBox runtime out of its initial chunk; they must not drift.
describe('call targets match the contract', () => {
  it('system status', () => {
    expect(systemStatusCall).toEqual({ method: getSystemStatus.method, path: getSystemStatus.path });
  });
  it('help centre', () => {
    expect(helpCenterCall).toEqual({ method: getHelpCenter.method, path: getHelpCenter.path });
  });
});
