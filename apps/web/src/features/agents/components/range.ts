import { useState } from 'react';
import { type DatePreset, DEFAULT_PRESET, isDatePreset, presetRange } from '../../../lib/date-presets';

const pad = (value: number) => String(value).padStart(2, '0');
const localDay = (epochMs: number) => {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The chosen preset as whole days (first and last, both included), fixed when chosen so it does not shift. */
export function useDayRange(raw: string | null) {
  const preset: DatePreset = isDatePreset(raw) ? raw : DEFAULT_PRESET;
  const toDays = (p: DatePreset) => {
    const { startTime, endTime } = presetRange(p);
    return { preset: p, fromDay: localDay(startTime), toDay: localDay(endTime - 1) };
  };
  const [range, setRange] = useState(() => toDays(preset));
  const current = range.preset === preset ? range : toDays(preset);
  if (current !== range) setRange(current);
  return current;
}

/** The URL parameter of an agent-centre page's date preset (shared by its pages, so a range carries over). */
export const RANGE_PARAM = 'arange';
