import type { SlotGame } from '../types.js';
import { PAYLINES_5X3_20 } from './paylines.js';

const strip = (stops: string) => stops.split(' ');

/**
 * 5×3, 20 lines, Sundarbans jungle: wild, scatter pays and 10 free spins at ×3 that retrigger (+5 for three
 * scatters in a free spin, at most 50 in one feature): medium-high volatility.
 */
export const bengalTiger: SlotGame = {
  id: 'bengal-tiger',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'WILD', kind: 'wild', pays: { 3: 50, 4: 250, 5: 1000 } },
    { id: 'SCATTER', kind: 'scatter', pays: { 3: 2, 4: 10, 5: 50 } },
    { id: 'TIGER', kind: 'regular', pays: { 3: 40, 4: 150, 5: 750 } },
    { id: 'CROCODILE', kind: 'regular', pays: { 3: 30, 4: 100, 5: 400 } },
    { id: 'DEER', kind: 'regular', pays: { 3: 20, 4: 75, 5: 250 } },
    { id: 'KINGFISHER', kind: 'regular', pays: { 3: 15, 4: 50, 5: 200 } },
    { id: 'A', kind: 'regular', pays: { 3: 10, 4: 30, 5: 125 } },
    { id: 'K', kind: 'regular', pays: { 3: 8, 4: 25, 5: 100 } },
    { id: 'Q', kind: 'regular', pays: { 3: 5, 4: 20, 5: 80 } },
    { id: 'J', kind: 'regular', pays: { 3: 5, 4: 15, 5: 60 } },
    { id: 'TEN', kind: 'regular', pays: { 3: 4, 4: 15, 5: 50 } },
  ],
  strips: [
    strip(
      'TEN J Q K A KINGFISHER DEER CROCODILE TIGER WILD TEN J Q SCATTER K TEN A KINGFISHER DEER J Q TEN CROCODILE TIGER WILD K A KINGFISHER DEER J Q TEN',
    ),
    strip(
      'TEN J Q K A KINGFISHER DEER WILD CROCODILE TIGER TEN J Q SCATTER K A TEN KINGFISHER DEER WILD J Q TEN CROCODILE TIGER K A KINGFISHER DEER WILD J Q TEN',
    ),
    strip(
      'TEN J Q K DEER A KINGFISHER CROCODILE TIGER WILD TEN J Q K SCATTER DEER TEN J A KINGFISHER Q K TEN J CROCODILE TIGER WILD DEER A KINGFISHER Q K TEN J',
    ),
    strip(
      'TEN J Q K A KINGFISHER DEER WILD CROCODILE TIGER TEN J Q SCATTER K A TEN J KINGFISHER DEER Q WILD TEN J CROCODILE TIGER K A KINGFISHER DEER Q TEN J',
    ),
    strip(
      'J TEN Q K A KINGFISHER DEER CROCODILE TIGER WILD J TEN Q SCATTER K A J TEN KINGFISHER DEER Q J TEN CROCODILE TIGER WILD K A KINGFISHER DEER Q J TEN',
    ),
  ],
  rtp: 0.9593,
  paylines: PAYLINES_5X3_20,
  freeSpins: { minScatters: 3, spins: 10, multiplier: 3, retrigger: { minScatters: 3, spins: 5, maxSpins: 50 } },
};
