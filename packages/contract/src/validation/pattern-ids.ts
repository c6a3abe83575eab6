import { isMonthDayYear, isYearMonthDay } from './calendar-date.js';
import { isEmailAddress } from './email-address.js';

/*
 * The built-in meaning of the register pattern ids (spec §5), written once for the server and the web forms.
 * Every test receives a trimmed, non-empty value; length bounds are checked by `validateField`, not here.
 *
 * How the spec's loose wording is read (also recorded in docs/decisions.md):
 * - "letters" means ASCII A–Z a–z, "digits" ASCII 0–9 and "space" U+0020 only, everywhere except id 12 and 21.
 *   Usernames, passwords and codes must look the same on every keyboard and must not admit look-alike letters.
 * - Id 12 "letters and spaces" accepts letters of any script (with their combining marks and the ZWJ/ZWNJ that
 *   Bengali and other Indic spellings need): id 8 already is "English letters and spaces", so reading 12 as
 *   ASCII would make the two ids identical, and real names in Bengali must be typeable.
 * - Ids 4 and 14 are the same rule (only ASCII letters and digits, any mix, either alone is fine); id 5 is the
 *   stricter "combined" rule that needs at least one letter and one digit. Both ids stay because stored rules
 *   reference them.
 * - Ids built on a script (2 Chinese, 10 Chinese, 22 Japanese) need at least one character of that script;
 *   digits, punctuation or full-width forms are companions, never the whole value.
 * - Id 0 and id 9 refuse control characters and lone surrogates: a form cannot produce them, PostgreSQL text
 *   cannot hold U+0000, and they only arrive in crafted requests.
 * - Id 9 "no spaces" refuses every Unicode white space (tab, no-break space, ideographic space…), not only U+0020.
 * - Id 17 accepts Thai and English mixed in one value; id 18 and 23 are ASCII capitals only (23 has no digits).
 * - Id 19 is printable ASCII without space, any mix; id 20 is the same alphabet with all four classes present.
 *   "Symbol" is ASCII punctuation or symbol: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
 * - Id 21 is exactly two parts around one U+0020; each part starts with a letter of any script and may go on
 *   with letters, combining marks, apostrophes, hyphens and dots (O'Brien, Jean-Luc, Md.).
 * - Id 22 "full-width Japanese" is hiragana, full-width katakana, kanji, CJK punctuation (including the
 *   ideographic space and ー・) and full-width ASCII forms; half-width katakana is refused.
 * Every regex is a sequence of character classes with no nested quantifiers, and no repeated class borders another
 * repeated class it overlaps, so matching time is linear in the input.
 */

const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cs}]/u;
const NO_WHITE_SPACE = /^[^\s\p{Cc}\p{Cs}]+$/u;
const LETTER_FIRST_ALPHANUMERIC = /^[A-Za-z][A-Za-z0-9]*$/u;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/u;
const ASCII_LETTER = /[A-Za-z]/u;
const ASCII_DIGIT = /[0-9]/u;
const ASCII_UPPER = /[A-Z]/u;
const ASCII_LOWER = /[a-z]/u;
const ASCII_SYMBOL = /[!-/:-@[-`{-~]/u;
const DIGITS = /^[0-9]+$/u;
const HAN = /\p{Script=Han}/u;
const HAN_AND_DIGITS = /^[\p{Script=Han}0-9]+$/u;
const HAN_AND_PUNCTUATION = /^[\p{Script=Han}\p{P}]+$/u;
const ENGLISH_LETTERS_AND_SPACES = /^[A-Za-z ]+$/u;
const ANY_LETTER = /\p{L}/u;
const LETTERS_AND_SPACES = /^[\p{L}\p{M}\p{Join_Control} ]+$/u;
const HANGUL = /^\p{Script=Hangul}+$/u;
const THAI = /^\p{Script=Thai}+$/u;
const THAI_OR_ENGLISH_AND_SPACES = /^[\p{Script=Thai}A-Za-z ]+$/u;
const UPPER_AND_SPACES = /^[A-Z ]+$/u;
const PRINTABLE_ASCII_NO_SPACE = /^[!-~]+$/u;
const TWO_PART_NAME = /^\p{L}[\p{L}\p{M}'’.-]* \p{L}[\p{L}\p{M}'’.-]*$/u;
const JAPANESE_FULL_WIDTH =
  /^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u3000-\u303F\u309B\u309C\u30FB\u30FC\uFF01-\uFF5E]+$/u;
// Script=Katakana also covers the half-width forms, which this id exists to keep out.
const HALF_WIDTH_KATAKANA = /[\uFF61-\uFF9F]/u;
const KANA_OR_KANJI = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const UPPER_ONLY = /^[A-Z]+$/u;

export interface PatternDefinition {
  test(value: string): boolean;
  /** Message with `min` and `max` (spec §5). */
  messageKey: string;
  /** Message with `length`, used when min equals max (spec §5). */
  exactMessageKey: string;
}

// Keys are written out rather than built from the id so that i18n tooling can find every one of them.
export const PATTERN_IDS = {
  0: {
    test: (value) => !CONTROL_OR_LONE_SURROGATE.test(value),
    messageKey: 'reg_pattern_0',
    exactMessageKey: 'reg_pattern_0_exact',
  },
  1: {
    test: (value) => LETTER_FIRST_ALPHANUMERIC.test(value),
    messageKey: 'reg_pattern_1',
    exactMessageKey: 'reg_pattern_1_exact',
  },
  2: {
    test: (value) => HAN_AND_DIGITS.test(value) && HAN.test(value),
    messageKey: 'reg_pattern_2',
    exactMessageKey: 'reg_pattern_2_exact',
  },
  3: { test: isEmailAddress, messageKey: 'reg_pattern_3', exactMessageKey: 'reg_pattern_3_exact' },
  4: {
    test: (value) => ALPHANUMERIC.test(value),
    messageKey: 'reg_pattern_4',
    exactMessageKey: 'reg_pattern_4_exact',
  },
  5: {
    test: (value) => ALPHANUMERIC.test(value) && ASCII_LETTER.test(value) && ASCII_DIGIT.test(value),
    messageKey: 'reg_pattern_5',
    exactMessageKey: 'reg_pattern_5_exact',
  },
  6: { test: (value) => DIGITS.test(value), messageKey: 'reg_pattern_6', exactMessageKey: 'reg_pattern_6_exact' },
  7: {
    test: (value) => ALPHANUMERIC.test(value) && ASCII_UPPER.test(value),
    messageKey: 'reg_pattern_7',
    exactMessageKey: 'reg_pattern_7_exact',
  },
  8: {
    test: (value) => ENGLISH_LETTERS_AND_SPACES.test(value),
    messageKey: 'reg_pattern_8',
    exactMessageKey: 'reg_pattern_8_exact',
  },
  9: {
    test: (value) => NO_WHITE_SPACE.test(value),
    messageKey: 'reg_pattern_9',
    exactMessageKey: 'reg_pattern_9_exact',
  },
  10: {
    test: (value) => HAN_AND_PUNCTUATION.test(value) && HAN.test(value),
    messageKey: 'reg_pattern_10',
    exactMessageKey: 'reg_pattern_10_exact',
  },
  11: { test: isYearMonthDay, messageKey: 'reg_pattern_11', exactMessageKey: 'reg_pattern_11_exact' },
  12: {
    test: (value) => LETTERS_AND_SPACES.test(value) && ANY_LETTER.test(value),
    messageKey: 'reg_pattern_12',
    exactMessageKey: 'reg_pattern_12_exact',
  },
  13: { test: isMonthDayYear, messageKey: 'reg_pattern_13', exactMessageKey: 'reg_pattern_13_exact' },
  14: {
    test: (value) => ALPHANUMERIC.test(value),
    messageKey: 'reg_pattern_14',
    exactMessageKey: 'reg_pattern_14_exact',
  },
  15: { test: (value) => HANGUL.test(value), messageKey: 'reg_pattern_15', exactMessageKey: 'reg_pattern_15_exact' },
  16: { test: (value) => THAI.test(value), messageKey: 'reg_pattern_16', exactMessageKey: 'reg_pattern_16_exact' },
  17: {
    test: (value) => THAI_OR_ENGLISH_AND_SPACES.test(value),
    messageKey: 'reg_pattern_17',
    exactMessageKey: 'reg_pattern_17_exact',
  },
  18: {
    test: (value) => UPPER_AND_SPACES.test(value) && ASCII_UPPER.test(value),
    messageKey: 'reg_pattern_18',
    exactMessageKey: 'reg_pattern_18_exact',
  },
  19: {
    test: (value) => PRINTABLE_ASCII_NO_SPACE.test(value),
    messageKey: 'reg_pattern_19',
    exactMessageKey: 'reg_pattern_19_exact',
  },
  20: {
    test: (value) =>
      PRINTABLE_ASCII_NO_SPACE.test(value) &&
      ASCII_UPPER.test(value) &&
      ASCII_LOWER.test(value) &&
      ASCII_DIGIT.test(value) &&
      ASCII_SYMBOL.test(value),
    messageKey: 'reg_pattern_20',
    exactMessageKey: 'reg_pattern_20_exact',
  },
  21: {
    test: (value) => TWO_PART_NAME.test(value),
    messageKey: 'reg_pattern_21',
    exactMessageKey: 'reg_pattern_21_exact',
  },
  22: {
    test: (value) => JAPANESE_FULL_WIDTH.test(value) && !HALF_WIDTH_KATAKANA.test(value) && KANA_OR_KANJI.test(value),
    messageKey: 'reg_pattern_22',
    exactMessageKey: 'reg_pattern_22_exact',
  },
  23: {
    test: (value) => UPPER_ONLY.test(value),
    messageKey: 'reg_pattern_23',
    exactMessageKey: 'reg_pattern_23_exact',
  },
} as const satisfies Record<number, PatternDefinition>;

export type PatternId = keyof typeof PATTERN_IDS;
export type PatternMessageKey = (typeof PATTERN_IDS)[PatternId]['messageKey' | 'exactMessageKey'];

export function isPatternId(id: number): id is PatternId {
  return Object.hasOwn(PATTERN_IDS, id);
}

/** Throws a RangeError for an id outside 0–23: the settings schema refuses those, so one here is a bug. */
export function patternDefinition(id: number): PatternDefinition {
  if (!isPatternId(id)) throw new RangeError(`Unknown register pattern id ${id}`);
  return PATTERN_IDS[id];
}
