import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegisterRule } from '../settings.js';
import { PATTERN_IDS, type PatternId, patternDefinition } from './pattern-ids.js';
import { validateField } from './validate-field.js';

// fast-check reports the seed and path of a failing run in the thrown message; replay with fc.assert(…, { seed, path }).

const codePoints = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCodePoint(code));
const oneOf = (...chars: string[]) => fc.constantFrom(...chars);
const text = (unit: fc.Arbitrary<string>, minLength = 1, maxLength = 20) => fc.string({ unit, minLength, maxLength });

const upper = codePoints(0x41, 0x5a);
const lower = codePoints(0x61, 0x7a);
const digit = codePoints(0x30, 0x39);
const letter = fc.oneof(upper, lower);
const alphanumeric = fc.oneof(letter, digit);
const symbol = oneOf(...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
const printableAscii = codePoints(0x21, 0x7e);
const han = codePoints(0x4e00, 0x9fff);
const hangul = codePoints(0xac00, 0xd7a3);
const thai = fc.oneof(codePoints(0x0e01, 0x0e3a), codePoints(0x0e40, 0x0e5b));
const hiragana = codePoints(0x3041, 0x3096);
const katakana = codePoints(0x30a1, 0x30fa);
const fullWidthAscii = codePoints(0xff01, 0xff5e);
const anyScriptLetter = fc.oneof(letter, oneOf('é', 'ñ', 'ß', 'Ł', 'ж', 'Ω'), codePoints(0x0995, 0x09a8), han, hangul);
const bengaliMark = codePoints(0x09be, 0x09c4);
const chinesePunctuation = oneOf('。', '，', '、', '「', '」', '！', '？', '·', '…', '(', ')', '.', ',', '!', '—');

/** A string from `base` with one character from each `required` arbitrary inserted at a generated position. */
function including(base: fc.Arbitrary<string>, ...required: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  return fc
    .tuple(base, ...required.map((char) => fc.tuple(char, fc.nat())))
    .map(([value, ...inserts]) => inserts.reduce((acc, [char, at]) => insertAt(acc, char, at), value));
}

function insertAt(value: string, char: string, at: number): string {
  const chars = [...value];
  chars.splice(at % (chars.length + 1), 0, char);
  return chars.join('');
}

// `test` only ever sees trimmed values, so generated values must not start or end with white space.
const isTrimmed = (value: string) => value.trim() === value;

const calendarDay = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => ({ yyyy: String(year).padStart(4, '0'), MM: pad2(month), dd: pad2(day) }));

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

const emailAtom = text(fc.oneof(alphanumeric, oneOf(..."!#$%&'*+/=?^_`{|}~-")), 1, 8);
const domainLabel = fc.oneof(
  text(alphanumeric, 1, 10),
  fc.tuple(text(alphanumeric, 1, 5), text(alphanumeric, 1, 5)).map(([head, tail]) => `${head}-${tail}`),
);
const email = fc
  .tuple(
    fc.array(emailAtom, { minLength: 1, maxLength: 3 }),
    fc.array(domainLabel, { minLength: 1, maxLength: 3 }),
    text(letter, 2, 6),
  )
  .map(([atoms, labels, tld]) => `${atoms.join('.')}@${[...labels, tld].join('.')}`);

const namePart = fc
  .tuple(anyScriptLetter, text(fc.oneof(anyScriptLetter, bengaliMark, oneOf("'", '’', '-', '.')), 0, 10))
  .map(([first, rest]) => first + rest);

/** Per id: values that must pass, and characters that must make any such value fail wherever they are inserted. */
const ALPHABETS: Record<PatternId, { valid: fc.Arbitrary<string>; forbidden: fc.Arbitrary<string> }> = {
  0: {
    valid: fc.string({ unit: 'grapheme', minLength: 1 }).filter((value) => isTrimmed(value) && !/[\p{Cc}\p{Cs}]/u.test(value)),
    forbidden: fc.oneof(
      codePoints(0x00, 0x1f),
      codePoints(0x7f, 0x9f),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
    ),
  },
  1: {
    valid: fc.tuple(letter, text(alphanumeric, 0)).map(([first, rest]) => first + rest),
    forbidden: oneOf(' ', '_', '-', 'é', 'ａ', '汉', '১'),
  },
  2: { valid: including(text(fc.oneof(han, digit), 0), han), forbidden: oneOf(' ', 'a', '!', '，', '１', 'ㄱ') },
  3: { valid: email, forbidden: oneOf(' ', '@', '(', ')', ',', ';', '<', '>', '[', ']', '\\', '"', 'é', '汉') },
  4: { valid: text(alphanumeric), forbidden: oneOf(' ', '_', '-', 'é', '１', '汉') },
  5: { valid: including(text(alphanumeric, 0), letter, digit), forbidden: oneOf(' ', '_', '-', 'é', '１') },
  6: { valid: text(digit), forbidden: oneOf(' ', 'a', '.', '-', '١', '১', '１') },
  7: { valid: including(text(alphanumeric, 0), upper), forbidden: oneOf(' ', '_', '-', 'É', '１') },
  8: {
    valid: text(fc.oneof(letter, oneOf(' '))).filter(isTrimmed),
    forbidden: oneOf('1', '.', '\t', '\u00a0', 'é', 'ক'),
  },
  9: {
    valid: fc.string({ unit: 'grapheme', minLength: 1 }).filter((value) => !/[\s\p{Cc}\p{Cs}]/u.test(value)),
    forbidden: oneOf(' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\u0000'),
  },
  10: {
    valid: including(text(fc.oneof(han, chinesePunctuation), 0), han),
    forbidden: oneOf(' ', 'a', '1', '～', '+', '\u3000'),
  },
  11: {
    valid: calendarDay.map(({ yyyy, MM, dd }) => `${yyyy}-${MM}-${dd}`),
    forbidden: oneOf('0', '-', 'a', ' ', '/'),
  },
  12: {
    valid: including(text(fc.oneof(anyScriptLetter, bengaliMark, oneOf(' ', '\u200c', '\u200d')), 0), anyScriptLetter).filter(
      isTrimmed,
    ),
    forbidden: oneOf('1', '.', '-', '_', '\t', '!', '😀', '\u3000'),
  },
  13: {
    valid: calendarDay.map(({ yyyy, MM, dd }) => `${MM}-${dd}-${yyyy}`),
    forbidden: oneOf('0', '-', 'a', ' ', '/'),
  },
  14: { valid: text(alphanumeric), forbidden: oneOf(' ', '_', '-', 'é', '１', '汉') },
  15: { valid: text(hangul), forbidden: oneOf(' ', 'a', '1', '汉', '.', 'ก') },
  16: { valid: text(thai), forbidden: oneOf(' ', 'a', '1', '.', '汉', '฿') },
  17: {
    valid: text(fc.oneof(thai, letter, oneOf(' '))).filter(isTrimmed),
    forbidden: oneOf('1', '.', '\t', '김', '-'),
  },
  18: {
    valid: including(text(fc.oneof(upper, oneOf(' ')), 0), upper).filter(isTrimmed),
    forbidden: oneOf('a', '1', '-', '\t', 'É'),
  },
  19: { valid: text(printableAscii), forbidden: oneOf(' ', 'é', '汉', '\t', '\u00a0') },
  20: {
    valid: including(text(printableAscii, 0), upper, lower, digit, symbol),
    forbidden: oneOf(' ', 'é', '汉', '\t', '\u00a0'),
  },
  21: {
    valid: fc.tuple(namePart, namePart).map(([first, last]) => `${first} ${last}`),
    forbidden: oneOf(' ', '1', '_', '\t', '😀', ','),
  },
  22: {
    valid: including(
      text(fc.oneof(hiragana, katakana, han, fullWidthAscii, oneOf('ー', '・', '\u3000', '「', '」', '。')), 0),
      fc.oneof(hiragana, katakana, han),
    ).filter(isTrimmed),
    forbidden: fc.oneof(codePoints(0xff66, 0xff9d), oneOf('a', ' ', '1', '김')),
  },
  23: { valid: text(upper), forbidden: oneOf('a', '1', ' ', 'É', 'Ａ') },
};

const ids = Object.keys(PATTERN_IDS).map(Number);
const lengthOf = (value: string) => [...value].length;
const rule = (patternId: number, minLength: number, maxLength: number): RegisterRule => ({
  shown: true,
  required: true,
  acceptedPattern: '*',
  patternId,
  minLength,
  maxLength,
});

describe.each(ids)('pattern id %i', (id) => {
  const { valid, forbidden } = ALPHABETS[id as PatternId];
  const pattern = patternDefinition(id);

  it('accepts values drawn from its alphabet, within their bounds', () => {
    fc.assert(
      fc.property(valid, (value) => {
        expect(pattern.test(value)).toBe(true);
        expect(validateField(rule(id, 1, 500), value)).toBeNull();
      }),
    );
  });

  it('rejects a value with a forbidden character anywhere', () => {
    fc.assert(
      fc.property(valid, forbidden, fc.nat(), (value, char, at) => {
        const tainted = insertAt(value, char, at);
        expect(pattern.test(tainted)).toBe(false);
        // White space inserted at either end is trimmed away before validation, as the spec wants.
        if (tainted.trim() === tainted) expect(validateField(rule(id, 1, 500), tainted)?.key).toBe(pattern.messageKey);
      }),
    );
  });

  it('accepts min and max lengths and rejects min - 1 and max + 1', () => {
    fc.assert(
      fc.property(valid, fc.integer({ min: 0, max: 5 }), (value, slack) => {
        const length = lengthOf(value);
        expect(validateField(rule(id, length, length + slack), value)).toBeNull();
        expect(validateField(rule(id, Math.max(0, length - slack), length), value)).toBeNull();
        expect(validateField(rule(id, length + 1, length + 1 + slack), value)).toEqual(
          slack === 0
            ? { key: pattern.exactMessageKey, params: { length: length + 1 } }
            : { key: pattern.messageKey, params: { min: length + 1, max: length + 1 + slack } },
        );
        if (length > 1) {
          const min = Math.max(1, length - 1 - slack);
          expect(validateField(rule(id, min, length - 1), value)?.key).toBe(
            min === length - 1 ? pattern.exactMessageKey : pattern.messageKey,
          );
        }
      }),
    );
  });
});

// Ids that demand at least one character of a class: removing every such character must fail the value.
const REQUIRED_CLASSES: [PatternId, string, RegExp][] = [
  [2, 'Chinese character', /\p{Script=Han}/gu],
  [5, 'letter', /[A-Za-z]/gu],
  [5, 'digit', /[0-9]/gu],
  [7, 'uppercase letter', /[A-Z]/gu],
  [10, 'Chinese character', /\p{Script=Han}/gu],
  [12, 'letter', /\p{L}/gu],
  [18, 'uppercase letter', /[A-Z]/gu],
  [20, 'uppercase letter', /[A-Z]/gu],
  [20, 'lowercase letter', /[a-z]/gu],
  [20, 'digit', /[0-9]/gu],
  [20, 'symbol', /[!-/:-@[-`{-~]/gu],
  [22, 'kana or kanji', /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/gu],
];

describe.each(REQUIRED_CLASSES)('pattern id %i', (id, name, members) => {
  it(`rejects a value without any ${name}`, () => {
    fc.assert(
      fc.property(ALPHABETS[id].valid, (value) => {
        expect(patternDefinition(id).test(value.replace(members, '').trim())).toBe(false);
      }),
    );
  });
});
