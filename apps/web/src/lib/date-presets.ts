import { presetRange as anyPresetRange, PAST_PRESETS } from '@tessera/contract/date-presets';

/**
 * Date presets of the history screens (records, betting record): the contract's past ones (spec §9's "previous 7"
 * and "previous 30 days", with today and yesterday, since a player checking a deposit usually means one of them).
 */
export const DATE_PRESETS = PAST_PRESETS;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DEFAULT_PRESET: DatePreset = 'previous7';

export const presetRange = (preset: DatePreset, now = new Date()) => anyPresetRange(preset, now);

export const isDatePreset = (value: string | null): value is DatePreset => DATE_PRESETS.includes(value as DatePreset);
