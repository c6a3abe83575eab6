import { h } from './dom.js';

export interface SessionBarText {
  balance: string;
  sessionTime: string;
  net: string;
  playMoney: string;
}

/**
 * The strip the game-design rules keep in view while playing (docs/decisions.md "Game-design rules"): balance,
 * session clock and net position. Every house game shows the same one; each fills the elements it updates.
 */
export function sessionBar(
  text: SessionBarText,
  parts: { balance: HTMLElement; clock: HTMLElement; net: HTMLElement },
  playMoney: boolean,
): HTMLElement {
  return h(
    'header',
    { class: 'bar' },
    h(
      'div',
      {},
      h('span', { class: 'label' }, text.balance),
      parts.balance,
      playMoney && h('span', { class: 'badge' }, text.playMoney),
    ),
    h('div', {}, h('span', { class: 'label' }, text.sessionTime), parts.clock),
    h('div', {}, h('span', { class: 'label' }, text.net), parts.net),
  );
}
