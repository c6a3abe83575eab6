import { useState } from 'react';
import { type DatePreset, DEFAULT_PRESET, isDatePreset, presetRange } from '../../../lib/date-presets';

/** The preset named in the URL and its range, fixed when chosen so paging does not shift it under the player. */
export function useRange(raw: string | null) {
  const preset: DatePreset = isDatePreset(raw) ? raw : DEFAULT_PRESET;
  const [range, setRange] = useState(() => ({ preset, ...presetRange(preset) }));
  const current = range.preset === preset ? range : { preset, ...presetRange(preset) };
  if (current !== range) setRange(current);
  return current;
}
