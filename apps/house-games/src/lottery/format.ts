import type { LotteryBet, LotteryKind, LotteryResult } from '@tessera/contract/api/lottery';
import { h } from '../dom.js';
import { POSITION_LETTERS } from './bets.js';
import { digits, type LotteryKey, t } from './i18n.js';

const pickLabel = (pick: string) => t(pick as LotteryKey);

/** A bet in words, e.g. "Big / small: Big", "Digit at a position: C = 7", "Exact sum: 10". */
export function describeBet(bet: LotteryBet): string {
  const name = t(`bt_${bet.type}` as LotteryKey);
  const position = 'position' in bet ? `${POSITION_LETTERS[bet.position] ?? bet.position} ` : '';
  if ('pick' in bet) return `${name}: ${position}${pickLabel(bet.pick)}`;
  if ('digit' in bet) return `${name}: ${position ? `${position}= ` : ''}${bet.digit}`;
  if ('number' in bet) return `${name}: ${bet.number}`;
  if ('sum' in bet) return `${name}: ${bet.sum}`;
  if ('face' in bet) return `${name}: ${bet.face}${bet.face}${bet.face}`;
  return name;
}

/** The result in one line (the live announcement and the accessible name of the drawn balls). */
export function resultText(result: LotteryResult): string {
  if ('dice' in result) return `${result.dice.join(' ')} (${t('sumOf', { sum: result.dice.reduce((a, b) => a + b, 0) })})`;
  if ('digits' in result) return result.digits.join(' ');
  const special = result.prizes.find((prize) => prize.tier === 'special');
  return `${t('tier_special')} ${special?.numbers.join(' ') ?? ''}`;
}

/** The drawn balls or dice; a VN sheet shows its special prize here and the whole sheet in `sheetTable`. */
export function resultBalls(result: LotteryResult): HTMLElement {
  const items =
    'dice' in result
      ? result.dice.map((face) => h('span', { class: 'ball die' }, String(face)))
      : 'digits' in result
        ? result.digits.map((digit, i) => h('span', { class: 'ball', title: POSITION_LETTERS[i] ?? '' }, String(digit)))
        : [h('span', { class: 'ball wide' }, result.prizes.find((prize) => prize.tier === 'special')?.numbers[0] ?? '')];
  return h('span', { class: 'balls', role: 'img', 'aria-label': resultText(result) }, ...items);
}

export function sheetTable(result: LotteryResult): HTMLElement | null {
  if (!('prizes' in result)) return null;
  return h(
    'table',
    { class: 'sheet' },
    h(
      'tbody',
      {},
      ...result.prizes.map((prize) =>
        h('tr', {}, h('th', { scope: 'row' }, t(`tier_${prize.tier}` as LotteryKey)), h('td', {}, prize.numbers.join(' · '))),
      ),
    ),
  );
}

export const kindName = (kind: LotteryKind) => t(`kind_${kind}` as LotteryKey);

/** mm:ss (or h:mm:ss for the daily draw) until a moment, never negative, in the page's numerals. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const rest = `${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
  return digits(hours > 0 ? `${hours}:${rest}` : rest);
}
