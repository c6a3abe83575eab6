import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('formats a notice time as yyyy-MM-dd HH:mm:ss on a 24-hour clock', () => {
    const afternoon = new Date(2026, 0, 5, 15, 4, 9).getTime();
    expect(formatDateTime(afternoon, 'en')).toBe('2026-01-05 15:04:09');
    expect(formatDateTime(new Date(2026, 10, 21, 0, 0, 0).getTime(), 'en')).toBe('2026-11-21 00:00:00');
  });
  it('formats a date as yyyy-MM-dd', () => expect(formatDate(new Date(2026, 11, 31, 23, 59).getTime(), 'en')).toBe('2026-12-31'));
  it("writes both in the player's numerals", () => {
    expect(formatDateTime(new Date(2026, 0, 5, 15, 4, 9).getTime(), 'bn')).toBe('২০২৬-০১-০৫ ১৫:০৪:০৯');
    expect(formatDate(new Date(2026, 11, 31).getTime(), 'bn')).toBe('২০২৬-১২-৩১');
  });
});
