/**
 * Date presets of the history screens (records, betting record). Spec §9 lists "previous 7 days" and "previous 30
 * days" (and the "next" ones, which only a forward-looking picker needs); today and yesterday are added because a
 * player checking a deposit usually means one of them. Whole local days, end exclusive: the server takes epoch ms.
 */
export const DATE_PRESETS = ['today', 'yesterday', 'previous7', 'previous30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DEFAULT_PRESET: DatePreset = 'previous7';

const startOfDay = (date: Date, addDays = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + addDays).getTime();

export function presetRange(preset: DatePreset, now = new Date()): { startTime: number; endTime: number } {
  const tomorrow = startOfDay(now, 1);
  switch (preset) {
    case 'today':
      return { startTime: startOfDay(now), endTime: tomorrow };
    case 'yesterday':
      return { startTime: startOfDay(now, -1), endTime: startOfDay(now) };
    case 'previous7':
      return { startTime: startOfDay(now, -6), endTime: tomorrow };
    case 'previous30':
      return { startTime: startOfDay(now, -29), endTime: tomorrow };
  }
}

export const isDatePreset = (value: string | null): value is DatePreset => DATE_PRESETS.includes(value as DatePreset);
