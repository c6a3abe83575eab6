import { describe, expect, it } from 'vitest';
import { presetRange } from './date-presets';

describe('record date presets', () => {
  const now = new Date(2026, 10, 21, 15, 30); // 21 Nov 2026, 15:30 local time
  const day = (d: number) => new Date(2026, 10, d).getTime();

  it('covers whole local days, the end exclusive', () => {
    expect(presetRange('today', now)).toEqual({ startTime: day(21), endTime: day(22) });
    expect(presetRange('yesterday', now)).toEqual({ startTime: day(20), endTime: day(21) });
    expect(presetRange('previous7', now)).toEqual({ startTime: day(15), endTime: day(22) });
    expect(presetRange('previous30', now)).toEqual({ startTime: new Date(2026, 9, 23).getTime(), endTime: day(22) });
  });

  it('stays within the server limit of 31 days across month ends', () => {
    const range = presetRange('previous30', new Date(2026, 2, 1, 0, 5));
    expect(range.endTime - range.startTime).toBeLessThanOrEqual(31 * 24 * 3600_000);
  });
});
