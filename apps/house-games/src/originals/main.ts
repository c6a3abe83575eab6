import type { OriginalRound } from '@tessera/contract/api/house-games';
import type { OriginalSession } from '@tessera/contract/api/house-originals';
import { ApiError, fairness, rotate, verify } from '../api.js';
import { h, openDialog } from '../dom.js';
import { betSteps, clock, formatMoney } from '../money.js';
import { sessionBar } from '../session-bar.js';
import '../styles.css';
import './originals.css';
import { openOriginalSession, playRound } from './api.js';
import { type AutoPlan, autoContinues, autoRounds, minorFromText } from './auto-bet.js';
import { setLanguage, t } from './i18n.js';
import { playMines } from './mines-page.js';
import { fixed, stageFor } from './stage.js';
import { verifyOriginal } from './verify.js';

const app = document.getElementById('app') as HTMLElement;
const params = new URLSearchParams(location.search);
setLanguage(params.get('lang'));
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
  if (code === 'game.choice.invalid') return t('invalidChoice');
  if (code === 'game.autobet.forbidden') return t('autoForbidden');
  if (code === 'game.round.open') return t('roundOpen');
  return t('error');
}

function rulesDialog(session: OriginalSession) {
  const edge = session.houseEdge * 100;
  openDialog(
    t('rules'),
    t('close'),
    h('p', {}, t(`rules_${session.game}`)),
    h('p', {}, t('houseEdge', { edge: fixed(edge, 0), rtp: fixed(100 - edge, 0) })),
    h('p', {}, t('rulesRounding')),
    h('p', {}, t('keys')),
  );
}

async function fairnessDialog() {
  const body = h('div', {}, h('p', {}, t('loading')));
  openDialog(t('fairness'), t('close'), body);
  try {
    const f = await fairness();
    body.replaceChildren(
      h('p', {}, `${t('commitment')}: `, h('code', {}, f.commitment)),
      h('p', {}, `${t('clientSeed')}: `, h('code', {}, f.clientSeed)),
      h('p', {}, `${t('nonce')}: ${fixed(f.nextNonce, 0)}`),
    );
  } catch (error) {
    body.replaceChildren(h('p', { role: 'alert' }, errorText(error)));
  }
}

async function verifyDialog(roundId: string) {
  const body = h('div', {}, h('p', {}, t('loading')));
  openDialog(`${t('verify')} #${fixed(Number(roundId), 0)}`, t('close'), body);
  const show = async () => {
    try {
      const result = await verify(roundId);
      const lines = [
        h('p', {}, `${t('commitment')}: `, h('code', {}, result.round.commitment)),
        h(
          'p',
          {},
          `${t('clientSeed')}: `,
          h('code', {}, result.round.clientSeed),
          ` · ${t('nonce')} ${fixed(result.round.nonce, 0)}`,
        ),
      ];
      const verdict = verifyOriginal(result);
      if (verdict === 'sealed') {
        const button = h('button', { type: 'button', class: 'secondary' }, t('rotate'));
        button.addEventListener('click', async () => {
          button.disabled = true;
          await rotate().catch(() => undefined);
          await show();
        });
        body.replaceChildren(...lines, h('p', {}, t('hidden')), button);
        return;
      }
      body.replaceChildren(
        ...lines,
        h('p', {}, `${t('serverSeed')}: `, h('code', {}, result.serverSeed ?? '')),
        h(
          'p',
          { class: verdict === 'verified' ? 'ok' : 'bad', role: 'status', 'data-verdict': verdict },
          verdict === 'verified' ? t('verified') : t('notVerified'),
        ),
        h('p', { class: 'info' }, t('howVerify')),
      );
    } catch (error) {
      body.replaceChildren(h('p', { role: 'alert' }, errorText(error)));
    }
  };
  await show();
}

function play(session: OriginalSession, game: 'dice' | 'limbo' | 'wheel') {
  const { currency } = session;
  const money = (minor: string | bigint) => formatMoney(minor, currency);
  const steps = betSteps(session.limits.minBet, session.limits.maxBet);
  let betIndex = Math.min(2, steps.length - 1);
  let balance = BigInt(session.balance);
  let net = 0n;
  let busy = false;
  let auto: { plan: AutoPlan; played: number; net: bigint; stop: boolean } | null = null;
  const started = Date.now();
  const stage = stageFor(game);

  const balanceEl = h('output', { class: 'value' }, money(balance));
  const clockEl = h('output', { class: 'value' }, clock(0));
  const netEl = h('output', { class: 'value' }, money(0n));
  const betEl = h('output', { class: 'bet-value', 'aria-live': 'polite' }, money(steps[betIndex] ?? 0n));
  const statusEl = h('p', { class: 'status', role: 'status' }, '');
  const roundEl = h('p', { class: 'round' }, '');
  const lower = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('lowerBet') }, '−');
  const raise = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('raiseBet') }, '+');
  const playButton = h('button', { type: 'button', class: 'spin', 'data-testid': 'play' }, t('play'));

  const refresh = () => {
    const running = busy || auto !== null;
    betEl.textContent = money(steps[betIndex] ?? 0n);
    lower.disabled = running || betIndex === 0;
    raise.disabled = running || betIndex === steps.length - 1;
    playButton.disabled = running;
    stage.setDisabled(running);
    balanceEl.textContent = money(balance);
    netEl.textContent = money(net);
  };
  lower.addEventListener('click', () => {
    betIndex = Math.max(0, betIndex - 1);
    refresh();
  });
  raise.addEventListener('click', () => {
    betIndex = Math.min(steps.length - 1, betIndex + 1);
    refresh();
  });

  const showRound = (round: OriginalRound) => {
    stage.show(round.outcome);
    const win = BigInt(round.win);
    // No celebration for a return below the stake (no "loss disguised as a win").
    statusEl.textContent = win > 0n ? `${t('win')}: ${money(win)}` : t('noWin');
    statusEl.className = win > BigInt(round.bet) ? 'status won' : 'status';
    roundEl.replaceChildren(
      `${t('round')} #${fixed(Number(round.roundId), 0)} · `,
      h('button', { type: 'button', class: 'link', onclick: () => verifyDialog(round.roundId) }, t('verify')),
    );
  };

  /** One round; resolves with its net (win − bet), or null when it was refused. */
  async function oneRound(isAuto: boolean): Promise<bigint | null> {
    const bet = steps[betIndex];
    const choice = stage.choice();
    if (bet === undefined || choice === null) {
      statusEl.textContent = t('invalidChoice');
      statusEl.className = 'status bad';
      return null;
    }
    busy = true;
    refresh();
    statusEl.textContent = t('playing');
    statusEl.className = 'status';
    // The merchant's licence may set a minimum round: the result shows no sooner, and the page says so.
    const minimum = new Promise((resolve) => setTimeout(resolve, session.minRoundMs));
    try {
      const [result] = await Promise.all([
        playRound({ gameCode: session.gameCode, bet: bet.toString(), clientRoundId: crypto.randomUUID(), choice, auto: isAuto }),
        minimum,
      ]);
      balance = BigInt(result.balance);
      const roundNet = BigInt(result.round.win) - BigInt(result.round.bet);
      net += roundNet;
      showRound(result.round);
      return roundNet;
    } catch (error) {
      await minimum;
      statusEl.textContent = errorText(error);
      statusEl.className = 'status bad';
      return null;
    } finally {
      busy = false;
      refresh();
    }
  }

  playButton.addEventListener('click', () => {
    if (!busy && auto === null) void oneRound(false);
  });

  // Keyboard: Space or B bets once, unless the focus is in a field that takes typing or on a button of its own.
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, button, dialog') || event.repeat) return;
    if (event.key === ' ' || event.key.toLowerCase() === 'b') {
      event.preventDefault();
      playButton.click();
    }
  });

  const autoPanel = session.autoBet.allowed ? autoBetPanel() : h('p', { class: 'rule' }, t('autoNotAllowed'));

  function autoBetPanel() {
    const rounds = h('input', {
      type: 'number',
      inputmode: 'numeric',
      min: '1',
      max: String(session.autoBet.maxRounds),
      value: '10',
      id: 'auto-rounds',
    });
    const stopLoss = h('input', { type: 'text', inputmode: 'decimal', id: 'auto-stop-loss', placeholder: t('optional') });
    const stopWin = h('input', { type: 'text', inputmode: 'decimal', id: 'auto-stop-win', placeholder: t('optional') });
    const progress = h('p', { class: 'info', 'aria-live': 'polite' }, '');
    const toggle = h('button', { type: 'button', class: 'secondary auto-toggle' }, t('start'));
    const inputs = [rounds, stopLoss, stopWin];
    const setRunning = (running: boolean) => {
      toggle.textContent = running ? t('stop') : t('start');
      for (const input of inputs) input.disabled = running;
    };
    toggle.addEventListener('click', async () => {
      if (auto) {
        auto.stop = true;
        return;
      }
      const count = autoRounds(rounds.value, session.autoBet.maxRounds);
      const loss = minorFromText(stopLoss.value, currency.minorDigits);
      const win = minorFromText(stopWin.value, currency.minorDigits);
      rounds.setAttribute('aria-invalid', String(count === null));
      stopLoss.setAttribute('aria-invalid', String(loss === undefined));
      stopWin.setAttribute('aria-invalid', String(win === undefined));
      if (count === null || loss === undefined || win === undefined || busy) return;
      const run = { plan: { rounds: count, stopLoss: loss, stopWin: win }, played: 0, net: 0n, stop: false };
      auto = run;
      setRunning(true);
      refresh();
      while (!run.stop && autoContinues(run.plan, run)) {
        progress.textContent = t('autoLeft', { n: run.played + 1, of: run.plan.rounds });
        const roundNet = await oneRound(true);
        if (roundNet === null) break;
        run.played += 1;
        run.net += roundNet;
      }
      progress.textContent = t('autoStopped', { n: run.played });
      auto = null;
      setRunning(false);
      refresh();
    });
    return h(
      'details',
      { class: 'auto' },
      h('summary', {}, t('auto')),
      h(
        'div',
        { class: 'auto-grid' },
        h('div', { class: 'field' }, h('label', { for: rounds.id }, t('autoRounds', { max: session.autoBet.maxRounds })), rounds),
        h('div', { class: 'field' }, h('label', { for: stopLoss.id }, `${t('stopLoss')} (${currency.symbol})`), stopLoss),
        h('div', { class: 'field' }, h('label', { for: stopWin.id }, `${t('stopWin')} (${currency.symbol})`), stopWin),
      ),
      toggle,
      progress,
    );
  }

  setInterval(() => {
    clockEl.textContent = clock(Date.now() - started);
  }, 1000);

  app.classList.add('originals', `game-${session.game}`);
  app.replaceChildren(
    sessionBar(
      { balance: t('balance'), sessionTime: t('sessionTime'), net: t('net'), playMoney: t('playMoney') },
      { balance: balanceEl, clock: clockEl, net: netEl },
      session.playMoney,
    ),
    h('h1', { class: 'game-title' }, t(`game_${session.game}`)),
    h('div', { class: 'stage' }, stage.view),
    statusEl,
    h(
      'div',
      { class: 'controls' },
      h('div', { class: 'bet' }, h('span', { class: 'label' }, t('bet')), lower, betEl, raise),
      playButton,
    ),
    roundEl,
    stage.controls,
    autoPanel,
    h(
      'nav',
      { class: 'links' },
      h('button', { type: 'button', class: 'link', onclick: () => rulesDialog(session) }, t('rules')),
      h('button', { type: 'button', class: 'link', onclick: () => fairnessDialog() }, t('fairness')),
    ),
  );
  if (session.minRoundMs > 0) app.append(h('p', { class: 'rule' }, t('minRound', { s: String(session.minRoundMs / 1000) })));
  refresh();
}

async function start() {
  const ticket = params.get('session');
  const merchant = params.get('merchant') ?? '';
  if (!ticket) return fatal(t('sessionEnded'));
  app.replaceChildren(h('p', { class: 'loading' }, t('loading')));
  try {
    const session = await openOriginalSession(merchant, ticket);
    if (session.game === 'mines') playMines(app, session, { errorText, verifyDialog, rulesDialog, fairnessDialog });
    else play(session, session.game);
  } catch (error) {
    fatal(errorText(error));
  }
}

void start();
