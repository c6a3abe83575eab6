import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMonthDayYear, isYearMonthDay } from './calendar-date.js';

// fast-check reports the seed and path of a failing run in the thrown message; replay with fc.assert(…, { seed, path }).

/** Oracle: the JavaScript calendar, asked whether the day survives a round trip without rolling over. */
function dayExists(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isLeapYear = (year: number) => dayExists(year, 2, 29);
const pad = (value: number, width: number) => String(value).padStart(width, '0');
// Century years are drawn often on purpose: the 100- and 400-year leap rules hide among 10 000 uniform years.
const year = fc.oneof(
  fc.integer({ min: 0, max: 9999 }),
  fc.integer({ min: 0, max: 99 }).map((century) => century * 100),
);

describe('date pattern ids 11 and 13', () => {
  it('agree with the calendar on every year, month and day', () => {
    fc.assert(
      fc.property(year, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const expected = dayExists(y, m, d);
        expect(isYearMonthDay(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)).toBe(expected);
        expect(isMonthDayYear(`${pad(m, 2)}-${pad(d, 2)}-${pad(y, 4)}`)).toBe(expected);
      }),
    );
  });

  it('reject February 30 and accept February 29 exactly in leap years', () => {
    fc.assert(
      fc.property(
        year.filter((y) => y >= 1),
        (y) => {
          expect(isYearMonthDay(`${pad(y, 4)}-02-30`)).toBe(false);
          expect(isMonthDayYear(`02-30-${pad(y, 4)}`)).toBe(false);
          expect(isYearMonthDay(`${pad(y, 4)}-02-29`)).toBe(isLeapYear(y));
          expect(isMonthDayYear(`02-29-${pad(y, 4)}`)).toBe(isLeapYear(y));
        },
      ),
    );
  });
});
