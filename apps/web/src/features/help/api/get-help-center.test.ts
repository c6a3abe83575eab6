import { getHelpCenter } from '@tessera/contract/api/system';
import { describe, expect, it } from 'vitest';
import { helpCenterCall } from './get-help-center';

// The web app repeats this path to keep the TypeBox runtime out of its chunks; it must not drift.
describe('help centre call target', () => {
  it('matches the contract', () => {
    expect(helpCenterCall).toEqual({ method: getHelpCenter.method, path: getHelpCenter.path });
  });
});
