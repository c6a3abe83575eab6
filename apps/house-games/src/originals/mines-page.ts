import type { OriginalRound } from '@tessera/contract/api/house-games';
import type { MinesAnswer, OpenMinesRound, OriginalSession } from '@tessera/contract/api/house-originals';
import { MINES_MAX, MINES_MIN, MINES_TILES } from '@tessera/house-engine/originals/mines';
import { h } from '../dom.js';
import { betSteps, clock, formatMoney } from '../money.js';
import { sessionBar } from '../session-bar.js';
import { cashOutMines, openMinesRound, revealMine, startMines } from './api.js';
import { t } from './i18n.js';
import { fixed } from './stage.js';

/** What the mines page borrows from the instant games page: its dialogs and its wording of a refusal. */
export interface PageKit {
  errorText(error: unknown): string;
  verifyDialog(roundId: string): void;
  rulesDialog(session: OriginalSession): void;
  fairnessDialog(): void;
}

const SIDE = 5;
const times = (multiplier: number) => `×${fixed(multiplier / 10_000, 2)}`;

/**
 * Mines: a bet opens a round on the server (the bet is held there), each tile is one call, and the cash-out or a
 * mine settles it. The page keeps nothing of its own: on load it asks for the open round and resumes it.
 */
export function playMines(app: HTMLElement, session: OriginalSession, kit: PageKit) {
  const { currency } = session;
  const money = (minor: string | bigint) => formatMoney(minor, currency);
  const steps = betSteps(session.limits.minBet, session.limits.maxBet);
  let betIndex = Math.min(2, steps.length - 1);
  let balance = BigInt(session.balance);
  let net = 0n;
  let busy = false;
  let open: OpenMinesRound | null = null;
  let startedAt = 0;
  const started = Date.now();

  const balanceEl = h('output', { class: 'value' }, money(balance));
  const clockEl = h('output', { class: 'value' }, clock(0));
  const netEl = h('output', { class: 'value' }, money(0n));
  const betEl = h('output', { class: 'bet-value', 'aria-live': 'polite' }, money(steps[betIndex] ?? 0n));
  const statusEl = h('p', { class: 'status', role: 'status' }, t('minesStart'));
  const roundEl = h('p', { class: 'round' }, '');
  const lower = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('lowerBet') }, '−');
  const raise = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('raiseBet') }, '+');
  const playButton = h('button', { type: 'button', class: 'spin', 'data-testid': 'play' }, t('play'));
  const cashButton = h('button', { type: 'button', class: 'spin cash', 'data-testid': 'cash-out', hidden: true }, '');
  const minesSelect = h('select', { id: 'mines-count' });
  for (let n = MINES_MIN; n <= MINES_MAX; n++) minesSelect.append(h('option', { value: String(n) }, fixed(n, 0)));
  minesSelect.value = '3';

  const tiles = Array.from({ length: MINES_TILES }, (_, i) =>
    h('button', { type: 'button', class: 'tile', 'data-tile': String(i), 'aria-label': t('tileHidden', { n: i + 1 }) }),
  );
  const grid = h('div', { class: 'mines-grid', role: 'group', 'aria-label': t('minesGrid') }, ...tiles);

  const paint = (picks: readonly number[], mineTiles: readonly number[] | null) => {
    tiles.forEach((tile, i) => {
      const mine = mineTiles?.includes(i) ?? false;
      const state = picks.includes(i) ? (mine ? 'mine' : 'safe') : mineTiles ? (mine ? 'mine-shown' : 'idle') : 'hidden';
      tile.dataset.state = state;
      tile.textContent = state === 'safe' ? '◆' : state === 'mine' || state === 'mine-shown' ? '✹' : '';
      const key = state === 'safe' ? 'tileSafe' : state === 'mine' || state === 'mine-shown' ? 'tileMine' : 'tileHidden';
      tile.setAttribute('aria-label', t(key, { n: i + 1 }));
    });
  };

  const refresh = () => {
    const playing = open !== null;
    betEl.textContent = money(open ? BigInt(open.bet) : (steps[betIndex] ?? 0n));
    lower.disabled = busy || playing || betIndex === 0;
    raise.disabled = busy || playing || betIndex === steps.length - 1;
    minesSelect.disabled = busy || playing;
    playButton.hidden = playing;
    playButton.disabled = busy;
    cashButton.hidden = !playing;
    cashButton.disabled = busy || !open || open.picks.length === 0;
    if (open) {
      const cash = (BigInt(open.bet) * BigInt(open.multiplier)) / 10_000n;
      cashButton.textContent = t('cashOut', { amount: money(cash) });
    }
    for (const tile of tiles) tile.disabled = busy || !playing || tile.dataset.state !== 'hidden';
    balanceEl.textContent = money(balance);
    netEl.textContent = money(net);
  };

  const showOpen = (round: OpenMinesRound) => {
    open = round;
    paint(round.picks, null);
    const next = round.nextMultiplier === null ? '' : times(round.nextMultiplier);
    statusEl.textContent =
      round.picks.length === 0
        ? t('minesOpen', { next })
        : round.nextMultiplier === null
          ? t('minesLast', { x: times(round.multiplier) })
          : t('minesNow', { x: times(round.multiplier), next });
    statusEl.className = 'status';
  };

  const showSettled = (round: OriginalRound) => {
    open = null;
    const outcome = round.outcome;
    if (outcome.game !== 'mines') return;
    paint(outcome.picks, outcome.mineTiles);
    const win = BigInt(round.win);
    net += win - BigInt(round.bet);
    statusEl.textContent = outcome.hit ? t('minesHit') : `${t('win')}: ${money(win)} (${times(outcome.multiplier)})`;
    statusEl.className = win > BigInt(round.bet) ? 'status won' : 'status';
    roundEl.replaceChildren(
      `${t('round')} #${fixed(Number(round.roundId), 0)} · `,
      h('button', { type: 'button', class: 'link', onclick: () => kit.verifyDialog(round.roundId) }, t('verify')),
    );
  };

  /** One call; the answer moves the page on. A settled round shows no sooner than the licence's minimum round time. */
  async function step(call: () => Promise<MinesAnswer>) {
    if (busy) return;
    busy = true;
    refresh();
    try {
      const answer = await call();
      balance = BigInt(answer.balance);
      if (answer.round) {
        const wait = startedAt + session.minRoundMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        showSettled(answer.round);
      } else if (answer.open) showOpen(answer.open);
    } catch (error) {
      statusEl.textContent = kit.errorText(error);
      statusEl.className = 'status bad';
    } finally {
      busy = false;
      refresh();
    }
  }

  const bet = () => {
    const amount = steps[betIndex];
    if (open || amount === undefined) return;
    startedAt = Date.now();
    roundEl.replaceChildren();
    void step(() =>
      startMines({
        gameCode: session.gameCode,
        bet: amount.toString(),
        mines: Number(minesSelect.value),
        clientRoundId: crypto.randomUUID(),
      }),
    );
  };
  const cashOut = () => {
    const round = open;
    if (round && round.picks.length > 0) void step(() => cashOutMines({ gameCode: session.gameCode, roundId: round.roundId }));
  };

  playButton.addEventListener('click', bet);
  cashButton.addEventListener('click', cashOut);
  lower.addEventListener('click', () => {
    betIndex = Math.max(0, betIndex - 1);
    refresh();
  });
  raise.addEventListener('click', () => {
    betIndex = Math.min(steps.length - 1, betIndex + 1);
    refresh();
  });
  tiles.forEach((tile, i) => {
    tile.addEventListener('click', () => {
      const round = open;
      if (round) void step(() => revealMine({ gameCode: session.gameCode, roundId: round.roundId, tile: i }));
    });
  });
  // Arrow keys move across the grid (a roving focus); Enter and Space reveal, as on any button.
  grid.addEventListener('keydown', (event) => {
    const from = tiles.indexOf(event.target as HTMLButtonElement);
    const move = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIDE, ArrowDown: SIDE }[event.key];
    if (from === -1 || move === undefined) return;
    event.preventDefault();
    tiles[(from + move + MINES_TILES) % MINES_TILES]?.focus();
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, button, dialog') || event.repeat) return;
    const key = event.key.toLowerCase();
    if (key === 'b' || key === ' ') {
      event.preventDefault();
      if (open) cashOut();
      else bet();
    } else if (key === 'c') cashOut();
  });

  setInterval(() => {
    clockEl.textContent = clock(Date.now() - started);
  }, 1000);

  paint([], null);
  app.classList.add('originals', 'game-mines');
  app.replaceChildren(
    sessionBar(
      { balance: t('balance'), sessionTime: t('sessionTime'), net: t('net'), playMoney: t('playMoney') },
      { balance: balanceEl, clock: clockEl, net: netEl },
      session.playMoney,
    ),
    h('h1', { class: 'game-title' }, t('game_mines')),
    h('div', { class: 'stage' }, grid),
    statusEl,
    h(
      'div',
      { class: 'controls' },
      h('div', { class: 'bet' }, h('span', { class: 'label' }, t('bet')), lower, betEl, raise),
      playButton,
      cashButton,
    ),
    roundEl,
    h(
      'div',
      { class: 'choice' },
      h('div', { class: 'field' }, h('label', { for: minesSelect.id }, t('minesCount')), minesSelect),
    ),
    h('p', { class: 'rule' }, t('minesKeys')),
    h(
      'nav',
      { class: 'links' },
      h('button', { type: 'button', class: 'link', onclick: () => kit.rulesDialog(session) }, t('rules')),
      h('button', { type: 'button', class: 'link', onclick: () => kit.fairnessDialog() }, t('fairness')),
    ),
  );
  if (session.minRoundMs > 0) app.append(h('p', { class: 'rule' }, t('minRound', { s: String(session.minRoundMs / 1000) })));
  refresh();
  // A round left open (a reload, a lost connection) is resumed where it was.
  void step(() => openMinesRound(session.gameCode));
}
