import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, isDatePreset, presetRange } from './date-presets.js';

describe('date presets', () => {
  const now = new Date(2026, 10, 21, 15, 30); // 21 Nov 2026, 15:30 local time
  const day = (month: number, d: number) => new Date(2026, month, d).getTime();

  it('covers whole local days back from today, the end exclusive', () => {
    expect(presetRange('today', now)).toEqual({ startTime: day(10, 21), endTime: day(10, 22) });
    expect(presetRange('yesterday', now)).toEqual({ startTime: day(10, 20), endTime: day(10, 21) });
    expect(presetRange('previous7', now)).toEqual({ startTime: day(10, 15), endTime: day(10, 22) });
    expect(presetRange('previous30', now)).toEqual({ startTime: day(9, 23), endTime: day(10, 22) });
  });

  it('looks ahead from the start of today for the next 7 and 30 days, across a month end', () => {
    expect(presetRange('next7', now)).toEqual({ startTime: day(10, 21), endTime: day(10, 28) });
    expect(presetRange('next30', now)).toEqual({ startTime: day(10, 21), endTime: day(11, 21) });
    const nearYearEnd = presetRange('next7', new Date(2026, 11, 29, 23, 59));
    expect(nearYearEnd).toEqual({ startTime: day(11, 29), endTime: new Date(2027, 0, 5).getTime() });
  });

  it('keeps every range within 31 days, whatever the day', () => {
    for (const preset of DATE_PRESETS) {
      const range = presetRange(preset, new Date(2026, 2, 1, 0, 5));
      expect(range.endTime - range.startTime, preset).toBeLessThanOrEqual(31 * 24 * 3600_000);
      expect(range.endTime, preset).toBeGreaterThan(range.startTime);
    }
  });

  it('knows its own names only', () => {
    expect(isDatePreset('next30')).toBe(true);
    expect(isDatePreset('next90')).toBe(false);
    expect(isDatePreset(null)).toBe(false);
  });
});
