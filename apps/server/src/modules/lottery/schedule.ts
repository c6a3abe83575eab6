import { LOTTERY_UTC_OFFSET_MINUTES, type LotteryGameDef } from './games.js';

export interface DrawSlot {
  numero: string;
  drawAt: Date;
  closeAt: Date;
}

const DAY_MS = 86_400_000;
const OFFSET_MS = LOTTERY_UTC_OFFSET_MINUTES * 60_000;

/** YYYYMMDD of an instant in the lottery zone. */
function zoneDate(at: number): string {
  return new Date(at + OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

function slot(game: LotteryGameDef, drawAtMs: number, numero: string): DrawSlot {
  return { numero, drawAt: new Date(drawAtMs), closeAt: new Date(drawAtMs - game.cutoffSeconds * 1000) };
}

/**
 * The next `count` draws of a game strictly after `nowMs`. Interval draws fall on whole multiples of the interval
 * (counted in the lottery zone's day), so every instance computes the same times and numbers: numero = zone date
 * + the draw's sequence in that day (1-based, zero-padded to the day's draw count). The daily draw's numero is
 * its date.
 */
export function upcomingDraws(game: LotteryGameDef, nowMs: number, count: number): DrawSlot[] {
  const { schedule } = game;
  const slots: DrawSlot[] = [];
  if (schedule.every === 'interval') {
    const stepMs = schedule.seconds * 1000;
    const perDay = Math.ceil(DAY_MS / stepMs);
    const width = String(perDay).length;
    // Whole steps from the zone's midnight, so each day starts at sequence 1.
    let dayStart = Math.floor((nowMs + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
    let index = Math.floor((nowMs - dayStart) / stepMs) + 1;
    while (slots.length < count) {
      if (index >= perDay) {
        dayStart += DAY_MS;
        index = 0;
        continue;
      }
      const drawAtMs = dayStart + index * stepMs;
      if (drawAtMs > nowMs) slots.push(slot(game, drawAtMs, `${zoneDate(drawAtMs)}${String(index + 1).padStart(width, '0')}`));
      index += 1;
    }
    return slots;
  }
  let dayStart = Math.floor((nowMs + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  while (slots.length < count) {
    const drawAtMs = dayStart + schedule.minuteOfDay * 60_000;
    if (drawAtMs > nowMs) slots.push(slot(game, drawAtMs, zoneDate(drawAtMs)));
    dayStart += DAY_MS;
  }
  return slots;
}
