import {
  getCurrentDraw,
  listLotteryResults,
  listLotteryTickets,
  openLotterySession,
  placeLotterySlip,
} from '@tessera/contract/api/lottery';
import { FAST3_ODDS, FAST3_SUM_ODDS } from '@tessera/house-engine/lottery/fast3';
import { describe, expect, it } from 'vitest';
import { LOTTERY_PATHS } from './api';
import { BET_FORMS, buildBet, formatOdds, oddsOf, parseStake, stakeText } from './bets';

describe('lottery bet slip', () => {
  it('builds each kind of bet the engine accepts and nothing else', () => {
    expect(buildBet('FAST3', 'bigSmall', { pick: 'big' })).toEqual({ type: 'bigSmall', pick: 'big' });
    expect(buildBet('FAST3', 'sum', { sum: '10' })).toEqual({ type: 'sum', sum: 10 });
    expect(buildBet('FAST3', 'anyTriple', {})).toEqual({ type: 'anyTriple' });
    expect(buildBet('SEA5D', 'digit', { position: '2', digit: '7' })).toEqual({ type: 'digit', position: 2, digit: 7 });
    expect(buildBet('SEA5D', 'last3', { number: '042' })).toEqual({ type: 'last3', number: '042' });
    expect(buildBet('VN', 'lo2', { number: '07' })).toEqual({ type: 'lo2', number: '07' });
    expect(buildBet('VN', 'head', { digit: '3' })).toEqual({ type: 'head', digit: 3 });

    expect(buildBet('FAST3', 'sum', { sum: '3' })).toBeNull();
    expect(buildBet('FAST3', 'bigSmall', { pick: 'odd' })).toBeNull();
    expect(buildBet('SEA5D', 'last2', { number: '7' })).toBeNull();
    expect(buildBet('VN', 'lo3', { number: '12a' })).toBeNull();
    expect(buildBet('VN', 'sum', { sum: '10' })).toBeNull();
  });

  it('offers a form for every bet type of every lottery', () => {
    expect(Object.keys(BET_FORMS.FAST3).sort()).toEqual(['anyTriple', 'bigSmall', 'oddEven', 'sum', 'triple']);
    expect(Object.keys(BET_FORMS.SEA5D)).toHaveLength(7);
    expect(Object.keys(BET_FORMS.VN)).toHaveLength(6);
  });

  it('reads the odds the game publishes, per sum for sum bets', () => {
    const game = {
      odds: [
        { type: 'bigSmall', odds100: FAST3_ODDS.bigSmall },
        ...Object.entries(FAST3_SUM_ODDS).map(([sum, odds100]) => ({ type: 'sum', sum: Number(sum), odds100 })),
      ],
    };
    expect(oddsOf(game, { type: 'bigSmall', pick: 'small' })).toBe(198);
    expect(oddsOf(game, { type: 'sum', sum: 4 })).toBe(6900);
    expect(oddsOf(game, { type: 'anyTriple' })).toBeNull();
    expect(formatOdds(198)).toBe('1.98');
    expect(formatOdds(6900)).toBe('69.00');
    expect(formatOdds(985)).toBe('9.85');
  });

  it('turns a typed stake into exact minor units', () => {
    expect(parseStake('10', 2)).toBe(1000n);
    expect(parseStake(' 2.5 ', 2)).toBe(250n);
    expect(parseStake('0.01', 2)).toBe(1n);
    expect(parseStake('3,75', 2)).toBe(375n);
    expect(parseStake('1.001', 2)).toBeNull();
    expect(parseStake('-1', 2)).toBeNull();
    expect(parseStake('1e3', 2)).toBeNull();
    expect(parseStake('', 2)).toBeNull();
    expect(parseStake('7', 0)).toBe(7n);
    expect(stakeText(1000n, 2)).toBe('10');
    expect(stakeText(250n, 2)).toBe('2.5');
    expect(stakeText(1n, 2)).toBe('0.01');
  });

  it('calls the contract paths', () => {
    expect(LOTTERY_PATHS).toEqual({
      session: openLotterySession.path,
      current: getCurrentDraw.path,
      results: listLotteryResults.path,
      slips: placeLotterySlip.path,
      tickets: listLotteryTickets.path,
    });
  });
});
