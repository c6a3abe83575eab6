/**
 * Date range presets of the pickers (spec §9: next 7 days, next 30 days, previous 7 days, previous 30 days; today
 * and yesterday added for the history screens). Whole local days of the browser, end exclusive: the calls take
 * epoch ms. The "next" ones start today, so a range of scheduled things (draws, promotions) includes today's.
 */
export const DATE_PRESETS = ['today', 'yesterday', 'previous7', 'previous30', 'next7', 'next30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The presets a screen of past records offers, and the ones a screen of scheduled things offers. */
export const PAST_PRESETS = ['today', 'yesterday', 'previous7', 'previous30'] as const satisfies readonly DatePreset[];
export const FUTURE_PRESETS = ['today', 'next7', 'next30', 'previous7', 'previous30'] as const satisfies readonly DatePreset[];

const startOfDay = (date: Date, addDays = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + addDays).getTime();

export function presetRange(preset: DatePreset, now = new Date()): { startTime: number; endTime: number } {
  const today = startOfDay(now);
  const tomorrow = startOfDay(now, 1);
  switch (preset) {
    case 'today':
      return { startTime: today, endTime: tomorrow };
    case 'yesterday':
      return { startTime: startOfDay(now, -1), endTime: today };
    case 'previous7':
      return { startTime: startOfDay(now, -6), endTime: tomorrow };
    case 'previous30':
      return { startTime: startOfDay(now, -29), endTime: tomorrow };
    case 'next7':
      return { startTime: today, endTime: startOfDay(now, 7) };
    case 'next30':
      return { startTime: today, endTime: startOfDay(now, 30) };
  }
}

export const isDatePreset = (value: string | null): value is DatePreset => DATE_PRESETS.includes(value as DatePreset);
