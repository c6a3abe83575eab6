import { describe, expect, it } from 'vitest';
import { hasRefusedControls, SINGLE_LINE_TEXT_PATTERN } from './free-text.js';

describe('free text a player types', () => {
  const pattern = new RegExp(SINGLE_LINE_TEXT_PATTERN, 'u');
  const attacks = ['\u001b[2J\u001b[Hfake', 'a\u0000b', 'bell\u0007', 'csi\u009b2J', 'mirror\u202Etxt.exe', 'iso\u2066x'];

  it('keeps what a form produces: any script, emoji, punctuation', () => {
    for (const text of ['TrxID 8N7A6B5C', 'বিকাশ ০১৭১২৩৪৫৬৭৮', 'money 💸 sent!', '']) {
      expect(hasRefusedControls(text, { multiLine: false }), text).toBe(false);
      expect(pattern.test(text), text).toBe(true);
    }
  });

  it('refuses escape sequences, NUL, C1 controls and bidi overrides on one line and over many', () => {
    for (const text of attacks) {
      expect(hasRefusedControls(text, { multiLine: false }), JSON.stringify(text)).toBe(true);
      expect(hasRefusedControls(text, { multiLine: true }), JSON.stringify(text)).toBe(true);
      expect(pattern.test(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('allows line breaks and tabs only in multi-line text', () => {
    expect(hasRefusedControls('first line\r\n\tsecond', { multiLine: true })).toBe(false);
    expect(hasRefusedControls('first line\nsecond', { multiLine: false })).toBe(true);
    expect(pattern.test('first line\nsecond')).toBe(false);
  });
});
