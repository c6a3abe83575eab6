import { describe, expect, it } from 'vitest';
import { isFeatureEnabled, listModIds, setFeature } from './features.js';
import type { WhitelabelNode } from './settings.js';

const leaf = (modId: string, enabled = true): WhitelabelNode => ({ modId, enabled, childrenNodes: [] });
const tree: WhitelabelNode = {
  modId: 'ROOT',
  enabled: true,
  childrenNodes: [
    { modId: 'REG3', enabled: false, childrenNodes: [leaf('MOBILENUMREG3')] },
    { modId: 'VERIFICATION3', enabled: true, childrenNodes: [leaf('MOBILEVERCODELOGIN3', false)] },
    leaf('FREEPLAY3'),
  ],
};

describe('whitelabel features', () => {
  it('is on only when the node and all its ancestors are enabled', () => {
    expect(isFeatureEnabled(tree, 'FREEPLAY3')).toBe(true);
    expect(isFeatureEnabled(tree, 'MOBILENUMREG3')).toBe(false);
    expect(isFeatureEnabled(tree, 'MOBILEVERCODELOGIN3')).toBe(false);
  });

  it('treats an absent module as off', () => {
    expect(isFeatureEnabled(tree, 'NOPE')).toBe(false);
  });

  it('switches one node without touching the original tree', () => {
    const next = setFeature(tree, 'REG3', true);
    expect(next && isFeatureEnabled(next, 'MOBILENUMREG3')).toBe(true);
    expect(isFeatureEnabled(tree, 'MOBILENUMREG3')).toBe(false);
    expect(setFeature(tree, 'NOPE', true)).toBeUndefined();
  });

  it('lists every module id', () => {
    expect(listModIds(tree)).toEqual(['ROOT', 'REG3', 'MOBILENUMREG3', 'VERIFICATION3', 'MOBILEVERCODELOGIN3', 'FREEPLAY3']);
  });
});
