import type { Paytable } from '@tessera/contract/api/house-games';
import { paintSymbol } from './art.js';
import { h, openDialog } from './dom.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

function symbolCell(id: string) {
  const cell = h('span', { class: 'sym', 'aria-hidden': 'true' });
  paintSymbol(cell, id);
  return cell;
}

/** One payline as a small grid with its cells filled, numbered as the engine numbers lines (from 1). */
function paylineDiagram(paytable: Paytable, line: readonly number[], index: number) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${paytable.reels * 10} ${paytable.rows * 10}`);
  svg.setAttribute('aria-hidden', 'true');
  for (let reel = 0; reel < paytable.reels; reel++) {
    for (let row = 0; row < paytable.rows; row++) {
      const rect = document.createElementNS(SVG, 'rect');
      rect.setAttribute('x', String(reel * 10 + 1));
      rect.setAttribute('y', String(row * 10 + 1));
      rect.setAttribute('width', '8');
      rect.setAttribute('height', '8');
      rect.setAttribute('rx', '1.5');
      if (line[reel] === row) rect.setAttribute('class', 'on');
      svg.append(rect);
    }
  }
  return h('figure', { class: 'payline' }, svg, h('figcaption', {}, t('lineNumber', { n: index + 1 })));
}

/** The paytable and the rules of a slot, all read from the published paytable the server plays. */
export function rulesDialog(paytable: Paytable, nameOf: (id: string) => string, rtpText: string) {
  const rows = paytable.symbols.map((symbol) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, symbolCell(symbol.id), h('span', {}, nameOf(symbol.id))),
      h('td', {}, symbol.pays.length ? symbol.pays.map((p) => t('paysFor', { count: p.count, pays: p.pays })).join(' · ') : '—'),
    ),
  );
  const free = paytable.freeSpins;
  const hasScatter = paytable.symbols.some((s) => s.kind === 'scatter');
  const hasWild = paytable.symbols.some((s) => s.kind === 'wild');
  openDialog(
    t('paytable'),
    t('close'),
    h('p', {}, `${t('rtp')}: ${rtpText}`),
    h(
      'table',
      { class: 'paytable' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('symbol')), h('th', { scope: 'col' }, t('pays')))),
      h('tbody', {}, ...rows),
    ),
    h('h3', {}, t('rules')),
    h(
      'ul',
      { class: 'rules' },
      h('li', {}, t('ruleLines', { n: paytable.paylines.length })),
      h('li', {}, t('lineBetPays')),
      hasWild && h('li', {}, t('wildSubstitutes')),
      hasScatter && h('li', {}, t('scatterPays')),
      free && h('li', {}, t('freeSpinRule', { n: free.minScatters, spins: free.spins, x: free.multiplier })),
      free?.retrigger &&
        h(
          'li',
          {},
          t('retriggerRule', { n: free.retrigger.minScatters, spins: free.retrigger.spins, max: free.retrigger.maxSpins }),
        ),
      !free?.retrigger && free && h('li', {}, t('noRetrigger')),
      free && h('li', {}, t('featureRound')),
      h('li', {}, t('keyboardHint')),
    ),
    h('h3', {}, t('paylines')),
    h('div', { class: 'paylines' }, ...paytable.paylines.map((line, index) => paylineDiagram(paytable, line, index))),
  );
}
