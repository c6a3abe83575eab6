import { describe, expect, it } from 'vitest';
import { FEATURES, isFeatureEnabled, listModIds, mobileSignUp, setFeature } from './features.js';
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

  it('offers mobile sign-up with a password (MOBILENUMPASSREG3), or by code alone only where that account can sign in again', () => {
    const switches = (...on: string[]): WhitelabelNode => ({
      modId: 'ROOT',
      enabled: true,
      childrenNodes: [
        leaf(FEATURES.registration),
        ...[
          FEATURES.mobileRegistration,
          FEATURES.mobileWithPassword,
          FEATURES.mobileRegistrationSms,
          FEATURES.smsLogin,
          FEATURES.passwordResetByPhone,
        ].map((modId) => leaf(modId, on.includes(modId))),
      ],
    });
    const { mobileRegistration, mobileWithPassword, mobileRegistrationSms, smsLogin, passwordResetByPhone } = FEATURES;
    expect(mobileSignUp(switches(mobileWithPassword))).toBeNull();
    expect(mobileSignUp(switches(mobileRegistration, mobileWithPassword))).toBe('password');
    expect(mobileSignUp(switches(mobileRegistration))).toBeNull();
    expect(mobileSignUp(switches(mobileRegistration, mobileRegistrationSms, smsLogin))).toBeNull();
    expect(mobileSignUp(switches(mobileRegistration, mobileRegistrationSms, smsLogin, passwordResetByPhone))).toBe('code');
  });
});
