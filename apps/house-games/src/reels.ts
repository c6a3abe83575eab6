import type { Paytable, SlotOutcome } from '@tessera/contract/api/house-games';
import { paintSymbol } from './art.js';
import { h } from './dom.js';

type Spin = SlotOutcome['base'];

const SVG = 'http://www.w3.org/2000/svg';
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cells a spin's wins were made of: each paying line's run from the left, and every scatter when they paid. */
export function winningCells(paytable: Paytable, spin: Spin): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const line = paytable.paylines[win.line] ?? [];
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${line[reel]}`);
  }
  if (spin.scatterWin) {
    const scatters = new Set(paytable.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id));
    spin.grid.forEach((column, reel) => {
      column.forEach((id, row) => {
        if (scatters.has(id)) cells.add(`${reel}:${row}`);
      });
    });
  }
  return cells;
}

/**
 * The reel window: a fixed grid of cells sized by the stage (never by what they show, so nothing moves when
 * symbols change), a spin that stops reel by reel, and the wins of a spin highlighted with their lines drawn.
 * With reduced motion the reels do not roll or pulse: the result simply appears, wins outlined.
 */
export function createReels(paytable: Paytable, nameOf: (id: string) => string) {
  const cells: HTMLElement[][] = [];
  const reelEls: HTMLElement[] = [];
  const element = h('div', { class: 'reels', role: 'img', 'aria-label': '' });
  element.style.setProperty('--reel-count', String(paytable.reels));
  element.style.setProperty('--row-count', String(paytable.rows));
  for (let reel = 0; reel < paytable.reels; reel++) {
    const column: HTMLElement[] = [];
    const reelEl = h('div', { class: 'reel' });
    for (let row = 0; row < paytable.rows; row++) {
      const cell = h('div', { class: 'cell' });
      paintSymbol(cell, paytable.symbols[(reel + row * 2) % paytable.symbols.length]?.id ?? '');
      column.push(cell);
      reelEl.append(cell);
    }
    cells.push(column);
    reelEls.push(reelEl);
    element.append(reelEl);
  }
  const lines = document.createElementNS(SVG, 'svg');
  lines.setAttribute('class', 'lines');
  lines.setAttribute('aria-hidden', 'true');
  lines.setAttribute('viewBox', `0 0 ${paytable.reels * 100} ${paytable.rows * 100}`);
  lines.setAttribute('preserveAspectRatio', 'none');
  element.append(lines);

  const paintColumn = (reel: number, column: readonly string[]) => {
    column.forEach((id, row) => {
      const cell = cells[reel]?.[row];
      if (cell) paintSymbol(cell, id);
    });
  };

  const clear = () => {
    element.classList.remove('has-win');
    for (const column of cells) for (const cell of column) cell.classList.remove('win');
    lines.replaceChildren();
  };

  const describe = (spin: Spin) =>
    element.setAttribute('aria-label', spin.grid.map((column) => column.map(nameOf).join(', ')).join(' | '));

  return {
    element,
    clear,
    /** Shows a spin's window at once (a resumed feature, a skipped one). */
    show(spin: Spin) {
      clear();
      spin.grid.forEach((column, reel) => {
        paintColumn(reel, column);
      });
      describe(spin);
    },
    startSpin() {
      clear();
      if (!reducedMotion()) for (const reel of reelEls) reel.classList.add('spinning');
    },
    /** Stops the roll where it is (the round failed: the window keeps what it showed). */
    stop() {
      for (const reel of reelEls) reel.classList.remove('spinning');
    },
    /** Lands the reels on a spin's window, left to right. */
    async land(spin: Spin) {
      const step = reducedMotion() ? 0 : 140;
      for (let reel = 0; reel < paytable.reels; reel++) {
        if (step && reel > 0) await wait(step);
        paintColumn(reel, spin.grid[reel] ?? []);
        reelEls[reel]?.classList.remove('spinning');
      }
      describe(spin);
    },
    highlight(spin: Spin) {
      clear();
      const winning = winningCells(paytable, spin);
      if (winning.size === 0) return;
      element.classList.add('has-win');
      for (const key of winning) {
        const [reel, row] = key.split(':').map(Number);
        cells[reel ?? -1]?.[row ?? -1]?.classList.add('win');
      }
      for (const win of spin.lineWins) {
        const line = paytable.paylines[win.line] ?? [];
        const polyline = document.createElementNS(SVG, 'polyline');
        polyline.setAttribute('points', line.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' '));
        polyline.setAttribute('vector-effect', 'non-scaling-stroke');
        lines.append(polyline);
      }
    },
  };
}
