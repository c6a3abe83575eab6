import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegisterRule } from '../settings.js';
import { PATTERN_IDS } from './pattern-ids.js';
import { validateField } from './validate-field.js';

// fast-check reports the seed and path of a failing run in the thrown message; replay with fc.assert(…, { seed, path }).

const anyRule: fc.Arbitrary<RegisterRule> = fc
  .record({
    shown: fc.boolean(),
    required: fc.boolean(),
    acceptedPattern: fc.constantFrom('*', '', '[A-Za-z0-9]+', '^01[3-9]\\d{8}$', '.*\\d.*'),
    patternId: fc.constantFrom(...Object.keys(PATTERN_IDS).map(Number)),
    minLength: fc.integer({ min: 0, max: 30 }),
    maxLength: fc.integer({ min: 1, max: 30 }),
  })
  .filter((rule) => rule.minLength <= rule.maxLength);
const whiteSpace = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u3000', '\u2003', '\ufeff'),
  maxLength: 4,
});
const anyText = fc.string({ unit: 'binary', maxLength: 40 });

describe('validateField', () => {
  it('gives the same answer whatever white space surrounds the value', () => {
    fc.assert(
      fc.property(anyRule, anyText, whiteSpace, whiteSpace, (rule, value, before, after) => {
        expect(validateField(rule, before + value + after)).toEqual(validateField(rule, value));
      }),
    );
  });

  it('with pattern id 0 and *, accepts any non-empty text of printable characters within the bounds', () => {
    const printable = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      .filter((value) => !/[\p{Cc}\p{Cs}]/u.test(value));
    fc.assert(
      fc.property(
        printable.filter((value) => value.trim() !== ''),
        fc.boolean(),
        (value, required) => {
          const length = [...value.trim()].length;
          const rule = {
            shown: true,
            required,
            acceptedPattern: '*',
            patternId: 0,
            minLength: length,
            maxLength: length,
          };
          expect(validateField(rule, value)).toBeNull();
        },
      ),
    );
  });

  it('accepts a value only when both the pattern id and the operator pattern accept it', () => {
    const digitsOrLetters = fc.string({ unit: fc.constantFrom('a', 'B', '0', '7'), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(digitsOrLetters, (value) => {
        const rule = {
          shown: true,
          required: true,
          acceptedPattern: '[0-9]+',
          patternId: 1,
          minLength: 1,
          maxLength: 12,
        };
        expect(validateField(rule, value) === null).toBe(false);
        expect(validateField({ ...rule, patternId: 14 }, value) === null).toBe(/^[0-9]+$/u.test(value));
        expect(validateField({ ...rule, acceptedPattern: '*' }, value) === null).toBe(/^[A-Za-z]/u.test(value));
      }),
    );
  });

  it('answers required, a pattern message or nothing, and never anything else', () => {
    fc.assert(
      fc.property(anyRule, anyText, (rule, value) => {
        const message = validateField(rule, value);
        if (message === null) return;
        const pattern = PATTERN_IDS[rule.patternId as keyof typeof PATTERN_IDS];
        expect(['validation.required', pattern.messageKey, pattern.exactMessageKey]).toContain(message.key);
        expect(message.key === 'validation.required').toBe(value.trim() === '');
      }),
    );
  });
});
