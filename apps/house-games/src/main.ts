import type { HouseGameSession, HouseRound, Paytable } from '@tessera/contract/api/house-games';
import { symbolFace, symbolName } from '@tessera/house-engine/slots/symbols';
import { ApiError, fairness, openSession, rotate, spin, verify } from './api.js';
import { h, openDialog } from './dom.js';
import { setLanguage, t } from './i18n.js';
import { betSteps, clock, formatMoney } from './money.js';
import { sessionBar } from './session-bar.js';
import './styles.css';

const app = document.getElementById('app') as HTMLElement;
const params = new URLSearchParams(location.search);
const language = setLanguage(params.get('lang'));
const nameOf = (id: string) => symbolName(id, language);

/** A symbol as the reels draw it: its glyph in its colour, named for screen readers. */
function paintSymbol(element: HTMLElement, id: string) {
  const face = symbolFace(id);
  element.textContent = face.glyph;
  element.style.color = face.colour;
  element.title = nameOf(id);
}
// The ticket works once; keep it out of the history and of anything the page might share.
history.replaceState(null, '', location.pathname);

function fatal(message: string) {
  app.replaceChildren(h('p', { class: 'fatal', role: 'alert' }, message));
}

function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'game.session.invalid' || code === 'login.not.session') return t('sessionEnded');
  if (code === 'wallet.insufficient.funds') return t('insufficient');
  if (code.startsWith('rg.excluded')) return t('excluded');
  if (code === 'game.maintenance') return t('maintenance');
  return t('error');
}

function paintedGlyph(id: string) {
  const glyph = h('span', { class: 'sym', 'aria-hidden': 'true' });
  paintSymbol(glyph, id);
  return glyph;
}

function paytableDialog(paytable: Paytable) {
  const rows = paytable.symbols.map((symbol) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, paintedGlyph(symbol.id), ` ${nameOf(symbol.id)}`),
      h('td', {}, symbol.pays.map((p) => `${p.count}× → ${p.pays}`).join(' · ')),
    ),
  );
  const free = paytable.freeSpins;
  openDialog(
    t('paytable'),
    t('close'),
    h('p', {}, `${t('rtp')}: ${(paytable.rtp * 100).toFixed(2)}%`),
    h('table', {}, h('tbody', {}, ...rows)),
    h('p', {}, t('lineBetPays')),
    paytable.symbols.some((s) => s.kind === 'scatter') && h('p', {}, t('scatterPays')),
    paytable.symbols.some((s) => s.kind === 'wild') && h('p', {}, t('wildSubstitutes')),
    free && h('p', {}, t('freeSpinRule', { n: free.minScatters, spins: free.spins, x: free.multiplier })),
  );
}

async function verifyDialog(roundId: string) {
  const body = h('div', {}, h('p', {}, t('loading')));
  openDialog(`${t('verify')} #${roundId}`, t('close'), body);
  const show = async () => {
    try {
      const result = await verify(roundId);
      const lines = [
        h('p', {}, `${t('commitment')}: `, h('code', {}, result.round.commitment)),
        h('p', {}, `${t('clientSeed')}: `, h('code', {}, result.round.clientSeed), ` · nonce ${result.round.nonce}`),
      ];
      if (result.serverSeed === null) {
        const button = h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: async () => {
              button.disabled = true;
              await rotate().catch(() => undefined);
              await show();
            },
          },
          t('rotate'),
        );
        body.replaceChildren(...lines, h('p', {}, t('hidden')), button);
      } else {
        body.replaceChildren(
          ...lines,
          h('p', {}, `${t('serverSeed')}: `, h('code', {}, result.serverSeed)),
          h('p', { class: result.verified ? 'ok' : 'bad', role: 'status' }, result.verified ? t('verified') : t('notVerified')),
        );
      }
    } catch (error) {
      body.replaceChildren(h('p', { role: 'alert' }, errorText(error)));
    }
  };
  await show();
}

async function fairnessDialog() {
  const body = h('div', {}, h('p', {}, t('loading')));
  openDialog(t('fairness'), t('close'), body);
  try {
    const f = await fairness();
    body.replaceChildren(
      h('p', {}, `${t('commitment')}: `, h('code', {}, f.commitment)),
      h('p', {}, `${t('clientSeed')}: `, h('code', {}, f.clientSeed)),
      h('p', {}, `${t('nonce')}: ${f.nextNonce}`),
    );
  } catch (error) {
    body.replaceChildren(h('p', { role: 'alert' }, errorText(error)));
  }
}

function play(session: HouseGameSession) {
  const { paytable, currency } = session;
  const money = (minor: string | bigint) => formatMoney(minor, currency);
  const steps = betSteps(session.limits.minBet, session.limits.maxBet);
  let betIndex = 0;
  let balance = BigInt(session.balance);
  let net = 0n;
  let busy = false;
  const started = Date.now();

  const balanceEl = h('output', { class: 'value' }, money(balance));
  const clockEl = h('output', { class: 'value' }, clock(0));
  const netEl = h('output', { class: 'value' }, money(0n));
  const betEl = h('output', { class: 'bet-value', 'aria-live': 'polite' }, money(steps[0] ?? 0n));
  const statusEl = h('p', { class: 'status', role: 'status' }, '');
  const roundEl = h('p', { class: 'round' }, '');
  const cells: HTMLElement[][] = [];
  const reels = h('div', { class: 'reels', role: 'img', 'aria-label': '' });
  reels.style.setProperty('--reel-count', String(paytable.reels));
  reels.style.setProperty('--row-count', String(paytable.rows));
  for (let reel = 0; reel < paytable.reels; reel++) {
    const column: HTMLElement[] = [];
    const reelEl = h('div', { class: 'reel' });
    for (let row = 0; row < paytable.rows; row++) {
      const cell = h('div', { class: 'cell' }, '·');
      column.push(cell);
      reelEl.append(cell);
    }
    cells.push(column);
    reels.append(reelEl);
  }

  const lower = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('lowerBet') }, '−');
  const raise = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('raiseBet') }, '+');
  const spinButton = h('button', { type: 'button', class: 'spin' }, t('spin'));
  const refreshBet = () => {
    betEl.textContent = money(steps[betIndex] ?? 0n);
    lower.disabled = busy || betIndex === 0;
    raise.disabled = busy || betIndex === steps.length - 1;
    spinButton.disabled = busy;
  };
  lower.addEventListener('click', () => {
    betIndex = Math.max(0, betIndex - 1);
    refreshBet();
  });
  raise.addEventListener('click', () => {
    betIndex = Math.min(steps.length - 1, betIndex + 1);
    refreshBet();
  });

  const showGrid = (round: HouseRound) => {
    const last = round.outcome.freeSpins.at(-1) ?? round.outcome.base;
    last.grid.forEach((column, reel) => {
      column.forEach((id, row) => {
        const cell = cells[reel]?.[row];
        if (cell) paintSymbol(cell, id);
      });
    });
    reels.setAttribute('aria-label', last.grid.map((column) => column.map(nameOf).join(', ')).join(' | '));
  };

  spinButton.addEventListener('click', async () => {
    const bet = steps[betIndex];
    if (busy || bet === undefined) return;
    busy = true;
    refreshBet();
    reels.classList.add('spinning');
    statusEl.textContent = t('spinning');
    // The merchant's licence may set a minimum round: the result shows no sooner, and the page says so.
    const minimum = new Promise((resolve) => setTimeout(resolve, session.minSpinMs));
    try {
      const [result] = await Promise.all([spin(session.gameCode, bet.toString(), crypto.randomUUID()), minimum]);
      balance = BigInt(result.balance);
      net += BigInt(result.round.win) - BigInt(result.round.bet);
      showGrid(result.round);
      const win = BigInt(result.round.win);
      const free = result.round.outcome.freeSpins.length;
      // No celebration for a win below the stake (no "loss disguised as a win").
      statusEl.textContent = win > 0n ? `${t('win')}: ${money(win)}${free ? ` · ${t('freeSpins')} ×${free}` : ''}` : t('noWin');
      statusEl.className = win > BigInt(result.round.bet) ? 'status won' : 'status';
      roundEl.replaceChildren(
        `${t('round')} #${result.round.roundId} · `,
        h('button', { type: 'button', class: 'link', onclick: () => verifyDialog(result.round.roundId) }, t('verify')),
      );
    } catch (error) {
      await minimum;
      statusEl.textContent = errorText(error);
      statusEl.className = 'status bad';
    } finally {
      reels.classList.remove('spinning');
      busy = false;
      balanceEl.textContent = money(balance);
      netEl.textContent = money(net);
      refreshBet();
    }
  });

  setInterval(() => {
    clockEl.textContent = clock(Date.now() - started);
  }, 1000);

  app.classList.add('slot');
  app.replaceChildren(
    sessionBar(
      { balance: t('balance'), sessionTime: t('sessionTime'), net: t('net'), playMoney: t('playMoney') },
      { balance: balanceEl, clock: clockEl, net: netEl },
      session.playMoney,
    ),
    h('div', { class: 'stage' }, reels),
    statusEl,
    h(
      'div',
      { class: 'controls' },
      h('div', { class: 'bet' }, h('span', { class: 'label' }, t('bet')), lower, betEl, raise),
      spinButton,
    ),
    roundEl,
    h(
      'nav',
      { class: 'links' },
      h('button', { type: 'button', class: 'link', onclick: () => paytableDialog(paytable) }, t('paytable')),
      h('button', { type: 'button', class: 'link', onclick: () => fairnessDialog() }, t('fairness')),
    ),
  );
  if (session.minSpinMs > 0) app.append(h('p', { class: 'rule' }, t('minRound', { s: String(session.minSpinMs / 1000) })));
  refreshBet();
}

async function start() {
  const ticket = params.get('session');
  const merchant = params.get('merchant') ?? '';
  if (!ticket) return fatal(t('sessionEnded'));
  app.replaceChildren(h('p', { class: 'loading' }, t('loading')));
  try {
    play(await openSession(merchant, ticket));
  } catch (error) {
    fatal(errorText(error));
  }
}

void start();
