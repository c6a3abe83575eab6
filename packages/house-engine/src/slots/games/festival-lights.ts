import type { SlotGame } from '../types.js';
import { PAYLINES_5X3_20 } from './paylines.js';

const strip = (stops: string) => stops.split(' ');

/** 5×3, the first 10 of the usual lines, a festival of lamps: a wild and frequent small wins, no feature. */
export const festivalLights: SlotGame = {
  id: 'festival-lights',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'WILD', kind: 'wild', pays: { 3: 100, 4: 400, 5: 2000 } },
    { id: 'DIYA', kind: 'regular', pays: { 3: 75, 4: 250, 5: 1000 } },
    { id: 'LANTERN', kind: 'regular', pays: { 3: 50, 4: 150, 5: 500 } },
    { id: 'FIREWORK', kind: 'regular', pays: { 3: 40, 4: 100, 5: 400 } },
    { id: 'SWEETS', kind: 'regular', pays: { 3: 25, 4: 75, 5: 250 } },
    { id: 'MARIGOLD', kind: 'regular', pays: { 3: 20, 4: 50, 5: 200 } },
    { id: 'A', kind: 'regular', pays: { 3: 10, 4: 40, 5: 150 } },
    { id: 'K', kind: 'regular', pays: { 3: 8, 4: 30, 5: 120 } },
    { id: 'Q', kind: 'regular', pays: { 3: 5, 4: 25, 5: 100 } },
    { id: 'J', kind: 'regular', pays: { 3: 4, 4: 20, 5: 80 } },
  ],
  strips: [
    strip(
      'J Q K A MARIGOLD SWEETS J Q FIREWORK LANTERN DIYA WILD K A J Q MARIGOLD SWEETS K J FIREWORK Q A LANTERN MARIGOLD J K Q',
    ),
    strip('Q J A K SWEETS MARIGOLD WILD J Q LANTERN FIREWORK DIYA K J A Q SWEETS MARIGOLD J K Q FIREWORK WILD A LANTERN J Q K'),
    strip('K J Q A MARIGOLD SWEETS J FIREWORK Q DIYA LANTERN WILD K A J MARIGOLD Q SWEETS K J FIREWORK A Q LANTERN WILD J K Q'),
    strip('J K Q A SWEETS MARIGOLD Q J LANTERN FIREWORK DIYA WILD A K J Q MARIGOLD SWEETS J K FIREWORK Q A LANTERN J K Q'),
    strip('Q K J A MARIGOLD SWEETS J Q FIREWORK DIYA LANTERN WILD K J A Q SWEETS MARIGOLD K J Q FIREWORK A LANTERN J Q K'),
  ],
  rtp: 0.9577,
  paylines: PAYLINES_5X3_20.slice(0, 10),
};
