import { describe, expect, it } from 'vitest';
import type { RegisterRule } from '../settings.js';
import { InvalidAcceptedPatternError } from './accepted-pattern.js';
import { patternMessage } from './pattern-message.js';
import { fieldOptions, PASSWORD_LENGTH, validateField } from './validate-field.js';

function rule(overrides: Partial<RegisterRule> = {}): RegisterRule {
  return { shown: true, required: true, acceptedPattern: '*', patternId: 1, minLength: 4, maxLength: 8, ...overrides };
}

const RANGE_MESSAGE = { key: 'reg_pattern_1', params: { min: 4, max: 8 } };

describe('validateField', () => {
  it('asks for a value when a required field is empty or only white space', () => {
    for (const value of [undefined, '', '   ', '\t\u3000\n']) {
      expect(validateField(rule(), value)).toEqual({ key: 'validation.required', params: {} });
    }
  });

  it("says the password's own length sentence for a password of the wrong length, the pattern's otherwise", () => {
    const tooShort = { key: 'validation.password_length', params: { min: 4, max: 8 } };
    expect(validateField(rule(), 'ab1', PASSWORD_LENGTH)).toEqual(tooShort);
    expect(validateField(rule(), 'abcdefgh1', PASSWORD_LENGTH)).toEqual(tooShort);
    expect(validateField(rule(), '1abcd', PASSWORD_LENGTH)).toEqual(RANGE_MESSAGE);
    expect(validateField(rule({ minLength: 6, maxLength: 6 }), 'ab1', PASSWORD_LENGTH)).toEqual(
      patternMessage(rule({ minLength: 6, maxLength: 6 })),
    );
  });

  it('lets an optional field stay empty whatever its bounds', () => {
    expect(validateField(rule({ required: false }), '  ')).toBeNull();
    expect(validateField(rule({ required: false }), undefined)).toBeNull();
  });

  it('never requires a hidden field but still checks a value sent for it', () => {
    expect(validateField(rule({ shown: false }), '')).toBeNull();
    expect(validateField(rule({ shown: false }), '1bad')).toEqual(RANGE_MESSAGE);
  });

  it('accepts exactly the lengths from min to max', () => {
    expect(validateField(rule(), 'abc')).toEqual(RANGE_MESSAGE);
    expect(validateField(rule(), 'abcd')).toBeNull();
    expect(validateField(rule(), 'abcdefgh')).toBeNull();
    expect(validateField(rule(), 'abcdefghi')).toEqual(RANGE_MESSAGE);
  });

  it('counts code points, not UTF-16 units', () => {
    const emojiRule = rule({ patternId: 0, minLength: 2, maxLength: 2 });
    expect(validateField(emojiRule, '😀😀')).toBeNull();
    expect(validateField(emojiRule, '😀')).toEqual({ key: 'reg_pattern_0_exact', params: { length: 2 } });
    expect(validateField(rule({ patternId: 12, minLength: 1, maxLength: 4 }), 'রহিম')).toBeNull();
  });

  it('trims before checking length and shape', () => {
    expect(validateField(rule(), '  abcd  ')).toBeNull();
    expect(validateField(rule(), ' abc ')).toEqual(RANGE_MESSAGE);
  });

  it('shows the pattern message when the shape is wrong', () => {
    expect(validateField(rule(), '1abc')).toEqual(RANGE_MESSAGE);
  });

  it("gives the real name and the phone number the spec's own sentence, ending with the rule's message", () => {
    const name = rule({ required: false, patternId: 8, minLength: 2, maxLength: 30 });
    expect(validateField(name, 'R2-D2', fieldOptions('payeeName'))).toEqual({
      key: 'validation.real_name_format',
      params: { min: 2, max: 30, rule: 'reg_pattern_8' },
    });
    expect(validateField(name, 'R', fieldOptions('fullName'))?.key).toBe('validation.real_name_format');
    const mobile = rule({ required: false, patternId: 6, minLength: 11, maxLength: 11 });
    expect(validateField(mobile, '123', fieldOptions('mobileNum'))).toEqual({
      key: 'validation.phone_format',
      params: { length: 11, rule: 'reg_pattern_6_exact' },
    });
    // An empty required field still says it is empty; other fields keep the rule's message alone.
    expect(validateField({ ...mobile, required: true }, '', fieldOptions('mobileNum'))?.key).toBe('validation.required');
    expect(validateField(mobile, '123', fieldOptions('qqNum'))?.key).toBe('reg_pattern_6_exact');
  });

  it('requires both the pattern id and the operator pattern', () => {
    const mobile = rule({ patternId: 6, acceptedPattern: '^01[3-9]\\d{8}$', minLength: 11, maxLength: 11 });
    const message = { key: 'reg_pattern_6_exact', params: { length: 11 } };
    expect(validateField(mobile, '01712345678')).toBeNull();
    expect(validateField(mobile, '01212345678')).toEqual(message);
    expect(validateField({ ...mobile, acceptedPattern: '[0-9a]{11}' }, '0171234567a')).toEqual(message);
  });

  it('reports a broken stored pattern instead of blaming the player', () => {
    expect(() => validateField(rule({ acceptedPattern: '(' }), 'abcd')).toThrow(InvalidAcceptedPatternError);
  });
});

describe('patternMessage', () => {
  it('gives min and max, or one length when they are equal', () => {
    expect(patternMessage({ patternId: 20, minLength: 6, maxLength: 16 })).toEqual({
      key: 'reg_pattern_20',
      params: { min: 6, max: 16 },
    });
    expect(patternMessage({ patternId: 11, minLength: 10, maxLength: 10 })).toEqual({
      key: 'reg_pattern_11_exact',
      params: { length: 10 },
    });
  });
});
