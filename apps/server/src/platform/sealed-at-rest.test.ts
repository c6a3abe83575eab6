import { describe, expect, it } from 'vitest';
import { SEAL_PURPOSES, SealedAtRest } from './sealed-at-rest.js';

const SECRET = 'a server secret of at least thirty-two characters';

describe('values sealed at rest', () => {
  const seal = new SealedAtRest(SECRET, SEAL_PURPOSES.staffTotpSecret);

  it('open with the same server secret and row, and hold no clear text', () => {
    const sealed = seal.seal('JBSWY3DPEHPK3PXP', '7');
    expect(sealed.toString('latin1')).not.toContain('JBSWY3DPEHPK3PXP');
    expect(new SealedAtRest(SECRET, SEAL_PURPOSES.staffTotpSecret).open(sealed, '7')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('use a fresh nonce each time', () => {
    expect(seal.seal('same', '1').equals(seal.seal('same', '1'))).toBe(false);
  });

  it('refuse another row, another secret, another purpose and a changed byte', () => {
    const sealed = seal.seal('JBSWY3DPEHPK3PXP', '7');
    expect(() => seal.open(sealed, '8')).toThrow();
    expect(() => new SealedAtRest(`${SECRET}!`, SEAL_PURPOSES.staffTotpSecret).open(sealed, '7')).toThrow();
    expect(() => new SealedAtRest(SECRET, 'another/purpose').open(sealed, '7')).toThrow();
    const changed = Buffer.from(sealed);
    changed[20] = (changed[20] ?? 0) ^ 1;
    expect(() => seal.open(changed, '7')).toThrow();
  });
});
