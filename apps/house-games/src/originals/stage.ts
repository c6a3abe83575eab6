import type { OriginalChoice } from '@tessera/contract/api/house-originals';
import type { OriginalOutcome } from '@tessera/contract/api/original-outcome';
import { numberFormat } from '@tessera/contract/money-format';
import { DICE_MAX_WINNING, DICE_MIN_WINNING, diceMultiplier, diceWinningRolls } from '@tessera/house-engine/originals/dice';
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '@tessera/house-engine/originals/limbo';
import { WHEEL_RISKS, WHEEL_SEGMENTS, type WheelRisk, wheelLayout } from '@tessera/house-engine/originals/wheel';
import { h } from '../dom.js';
import { t } from './i18n.js';

/** One game's picture and choice controls: what the page shows above the bet. */
export interface GameStage {
  /** The picture of the last round (or of the choice before any). */
  view: HTMLElement;
  /** The game's own controls (target, direction, risk…). */
  controls: HTMLElement;
  /** The current choice, or null while an input is outside the rules. */
  choice(): OriginalChoice | null;
  show(outcome: OriginalOutcome): void;
  setDisabled(disabled: boolean): void;
}

const language = () => document.documentElement.lang || 'bn';
/** A number in the page's numerals with a fixed number of decimals. */
export const fixed = (value: number, decimals: number) =>
  numberFormat(language(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

function field(label: string, input: HTMLElement, id: string) {
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

function diceStage(): GameStage {
  let direction: 'over' | 'under' = 'over';
  const target = h('input', { type: 'number', inputmode: 'decimal', min: '0.01', max: '99.98', step: '0.01', value: '50.50' });
  const over = h('button', { type: 'button', class: 'toggle', 'aria-pressed': 'true' }, t('rollOver'));
  const under = h('button', { type: 'button', class: 'toggle', 'aria-pressed': 'false' }, t('rollUnder'));
  const info = h('p', { class: 'info', 'aria-live': 'polite' }, '');
  const marker = h('div', { class: 'dice-target' });
  const rollMark = h('div', { class: 'dice-roll', hidden: true }, '');
  const track = h('div', { class: 'dice-track' }, marker, rollMark);
  const rollText = h('output', { class: 'big-number' }, '—');
  const view = h('div', { class: 'dice-view' }, rollText, track);
  const choice = (): OriginalChoice | null => {
    const hundredths = Math.round(Number(target.value) * 100);
    if (!Number.isFinite(hundredths) || target.value.trim() === '') return null;
    const bet = { target: hundredths, direction };
    const winning = diceWinningRolls(bet);
    return winning >= DICE_MIN_WINNING && winning <= DICE_MAX_WINNING ? { game: 'dice', ...bet } : null;
  };
  const refresh = () => {
    over.setAttribute('aria-pressed', String(direction === 'over'));
    under.setAttribute('aria-pressed', String(direction === 'under'));
    const c = choice();
    target.setAttribute('aria-invalid', String(c === null));
    track.classList.toggle('under', direction === 'under');
    if (c?.game !== 'dice') {
      info.textContent = t('invalidChoice');
      return;
    }
    marker.style.left = `${c.target / 100}%`;
    track.style.setProperty('--split', `${c.target / 100}%`);
    const chance = diceWinningRolls(c) / 100;
    info.textContent = `${t('chance')}: ${fixed(chance, 2)}% · ${t('multiplier')}: ×${fixed(diceMultiplier(c) / 10_000, 4)}`;
  };
  over.addEventListener('click', () => {
    direction = 'over';
    refresh();
  });
  under.addEventListener('click', () => {
    direction = 'under';
    refresh();
  });
  target.addEventListener('input', refresh);
  refresh();
  return {
    view,
    controls: h(
      'div',
      { class: 'choice' },
      field(t('target'), target, 'dice-target'),
      h('div', { class: 'toggles', role: 'group', 'aria-label': t('target') }, over, under),
      info,
    ),
    choice,
    show(outcome) {
      if (outcome.game !== 'dice') return;
      rollText.textContent = fixed(outcome.roll / 100, 2);
      rollText.className = outcome.won ? 'big-number won' : 'big-number';
      rollMark.hidden = false;
      rollMark.style.left = `${outcome.roll / 100}%`;
      rollMark.textContent = fixed(outcome.roll / 100, 2);
    },
    setDisabled(disabled) {
      for (const el of [target, over, under]) el.disabled = disabled;
    },
  };
}

function limboStage(): GameStage {
  const target = h('input', { type: 'number', inputmode: 'decimal', min: '1.01', max: '10000', step: '0.01', value: '2.00' });
  const info = h('p', { class: 'info', 'aria-live': 'polite' }, '');
  const result = h('output', { class: 'big-number' }, '×—');
  const view = h('div', { class: 'limbo-view' }, result);
  const choice = (): OriginalChoice | null => {
    const hundredths = Math.round(Number(target.value) * 100);
    if (target.value.trim() === '' || !Number.isFinite(hundredths)) return null;
    return hundredths >= LIMBO_MIN_TARGET && hundredths <= LIMBO_MAX_TARGET ? { game: 'limbo', target: hundredths } : null;
  };
  const refresh = () => {
    const c = choice();
    target.setAttribute('aria-invalid', String(c === null));
    info.textContent = c && c.game === 'limbo' ? `${t('chance')}: ${fixed(9900 / c.target, 4)}%` : t('invalidChoice');
  };
  target.addEventListener('input', refresh);
  refresh();
  return {
    view,
    controls: h('div', { class: 'choice' }, field(t('targetMultiplier'), target, 'limbo-target'), info),
    choice,
    show(outcome) {
      if (outcome.game !== 'limbo') return;
      result.textContent = `×${fixed(outcome.result / 100, 2)}`;
      result.className = outcome.won ? 'big-number won' : 'big-number lost';
    },
    setDisabled(disabled) {
      target.disabled = disabled;
    },
  };
}

const SEGMENT_COLOURS: Record<number, string> = {
  0: '#3a3157',
  120: '#5fd08a',
  150: '#38bdf8',
  190: '#a78bfa',
  200: '#f5b942',
  300: '#ff7a7a',
};
const colourOf = (multiplier: number) => SEGMENT_COLOURS[multiplier] ?? (multiplier === 0 ? '#3a3157' : '#f5b942');

function wheelStage(): GameStage {
  const risk = h('select', {}, ...WHEEL_RISKS.map((r) => h('option', { value: r }, t(`risk_${r}`))));
  const segments = h('select', {}, ...WHEEL_SEGMENTS.map((n) => h('option', { value: String(n) }, fixed(n, 0))));
  risk.value = 'medium';
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', '-110 -110 220 220');
  svg.setAttribute('class', 'wheel');
  svg.setAttribute('aria-hidden', 'true');
  const disc = document.createElementNS(svgNs, 'g');
  svg.append(disc);
  const pointer = document.createElementNS(svgNs, 'path');
  pointer.setAttribute('d', 'M-9 -108 L9 -108 L0 -88 Z');
  pointer.setAttribute('fill', '#f4f1fa');
  svg.append(pointer);
  const result = h('output', { class: 'big-number' }, '×—');
  const legend = h('p', { class: 'info' }, '');
  const view = h('div', { class: 'wheel-view', role: 'img' }, svg, result);
  let turns = 0;
  const draw = () => {
    const n = Number(segments.value);
    const layout = wheelLayout(risk.value as WheelRisk, n);
    disc.replaceChildren();
    layout.forEach((multiplier, i) => {
      // Segment i is centred on the pointer when the disc is turned by −i segments.
      const a0 = ((i - 0.5) / n) * 2 * Math.PI;
      const a1 = ((i + 0.5) / n) * 2 * Math.PI;
      const path = document.createElementNS(svgNs, 'path');
      const p = (a: number, r: number) => `${(Math.sin(a) * r).toFixed(2)} ${(-Math.cos(a) * r).toFixed(2)}`;
      path.setAttribute('d', `M0 0 L${p(a0, 100)} A100 100 0 0 1 ${p(a1, 100)} Z`);
      path.setAttribute('fill', colourOf(multiplier));
      path.setAttribute('stroke', '#14111f');
      path.setAttribute('stroke-width', '1');
      disc.append(path);
    });
    const hub = document.createElementNS(svgNs, 'circle');
    hub.setAttribute('r', '30');
    hub.setAttribute('fill', '#14111f');
    disc.append(hub);
    const distinct = [...new Set(layout)].sort((a, b) => a - b);
    legend.textContent = distinct.map((m) => `×${fixed(m / 100, 2)}`).join(' · ');
    view.setAttribute('aria-label', `${t('segments')}: ${fixed(n, 0)} · ${legend.textContent}`);
  };
  risk.addEventListener('change', draw);
  segments.addEventListener('change', draw);
  draw();
  return {
    view,
    controls: h(
      'div',
      { class: 'choice' },
      field(t('risk'), risk, 'wheel-risk'),
      field(t('segments'), segments, 'wheel-segments'),
      legend,
    ),
    choice: () => ({ game: 'wheel', risk: risk.value as WheelRisk, segments: Number(segments.value) as 10 | 20 | 30 | 40 | 50 }),
    show(outcome) {
      if (outcome.game !== 'wheel') return;
      turns += 1;
      // Whole turns plus the segment's place: the pointer ends on the segment (motion only where the player allows it).
      disc.style.transform = `rotate(${turns * 360 - (outcome.segment / outcome.segments) * 360}deg)`;
      result.textContent = `×${fixed(outcome.multiplier / 100, 2)}`;
      result.className = outcome.multiplier > 100 ? 'big-number won' : 'big-number';
      view.setAttribute('aria-label', t('wheelLabel', { n: outcome.segments, x: fixed(outcome.multiplier / 100, 2) }));
    },
    setDisabled(disabled) {
      risk.disabled = disabled;
      segments.disabled = disabled;
    },
  };
}

export function stageFor(game: 'dice' | 'limbo' | 'wheel'): GameStage {
  if (game === 'dice') return diceStage();
  if (game === 'limbo') return limboStage();
  return wheelStage();
}
