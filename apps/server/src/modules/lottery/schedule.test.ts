import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.js';
import { effectiveGame, lotteryGameByCode } from './games.js';
import { upcomingDraws } from './schedule.js';

const game = (code: string, interval?: number) => {
  const found = lotteryGameByCode(code);
  if (!found) throw new Error(code);
  return effectiveGame(found, interval);
};
const at = (iso: string) => Date.parse(iso);

describe('draw schedule', () => {
  it('draws Fast 3 on every whole minute, numbered by the day in Vietnam, closing 10 s before', () => {
    const draws = upcomingDraws(game('TS_ELOTT_1M'), at('2026-11-21T16:58:30Z'), 3);
    expect(draws.map((d) => [d.numero, d.drawAt.toISOString(), d.closeAt.toISOString()])).toEqual([
      // 16:59 UTC is 23:59 in Hanoi: the day's 1440th draw; 17:00 UTC starts the next day at 0001.
      ['202611211440', '2026-11-21T16:59:00.000Z', '2026-11-21T16:58:50.000Z'],
      ['202611220001', '2026-11-21T17:00:00.000Z', '2026-11-21T16:59:50.000Z'],
      ['202611220002', '2026-11-21T17:01:00.000Z', '2026-11-21T17:00:50.000Z'],
    ]);
  });

  it('never offers a draw at or before now, and agrees across instances', () => {
    const now = at('2026-11-21T10:05:00Z');
    const sea = upcomingDraws(game('TS_SEA_LOTTO'), now, 2);
    expect(sea[0]?.drawAt.toISOString()).toBe('2026-11-21T10:10:00.000Z');
    expect(sea[0]?.numero).toBe('20261121207'); // 17:10 in Hanoi: 206 five-minute steps after midnight, plus one
    expect(upcomingDraws(game('TS_SEA_LOTTO'), now + 1, 2)).toEqual(sea);
  });

  it('draws VN daily at 18:15 in Hanoi (11:15 UTC), bets closing 15 minutes before', () => {
    const before = upcomingDraws(game('TS_VN_LOTTO'), at('2026-11-21T11:14:59Z'), 2);
    expect(before.map((d) => [d.numero, d.drawAt.toISOString(), d.closeAt.toISOString()])).toEqual([
      ['20261121', '2026-11-21T11:15:00.000Z', '2026-11-21T11:00:00.000Z'],
      ['20261122', '2026-11-22T11:15:00.000Z', '2026-11-22T11:00:00.000Z'],
    ]);
    expect(upcomingDraws(game('TS_VN_LOTTO'), at('2026-11-21T11:15:00Z'), 1)[0]?.numero).toBe('20261122');
  });

  it('puts every game on the test interval with a cut-off of a fifth of it', () => {
    const draws = upcomingDraws(game('TS_VN_LOTTO', 15), at('2026-11-21T10:00:07Z'), 2);
    expect(draws.map((d) => [d.drawAt.toISOString(), (d.drawAt.getTime() - d.closeAt.getTime()) / 1000])).toEqual([
      ['2026-11-21T10:00:15.000Z', 3],
      ['2026-11-21T10:00:30.000Z', 3],
    ]);
    expect(draws[0]?.numero).toMatch(/^20261121\d{4}$/);
  });

  it('takes the test interval from LOTTERY_DRAW_INTERVAL_SECONDS, never in production', () => {
    expect(loadConfig({ LOTTERY_DRAW_INTERVAL_SECONDS: '15' }).lotteryDrawIntervalSeconds).toBe(15);
    expect(loadConfig({}).lotteryDrawIntervalSeconds).toBeUndefined();
    expect(() => loadConfig({ LOTTERY_DRAW_INTERVAL_SECONDS: '2' })).toThrow(/LOTTERY_DRAW_INTERVAL_SECONDS.*5 to 3600/);
    expect(() => loadConfig({ LOTTERY_DRAW_INTERVAL_SECONDS: '15', NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) })).toThrow(
      ConfigError,
    );
  });
});
