import type { HouseGameSession, HouseRound, SlotOutcome } from '@tessera/contract/api/house-games';
import { symbolName } from '@tessera/house-engine/slots/symbols';
import { ApiError, fairness, openSession, rotate, spin, verify } from './api.js';
import { h, openDialog } from './dom.js';
import { type FreeSpinStep, freeSpinSteps, loadProgress, saveProgress } from './feature.js';
import { digits, setLanguage, t } from './i18n.js';
import { betSteps, clock, formatMoney } from './money.js';
import { createReels, reducedMotion } from './reels.js';
import { rulesDialog } from './rules.js';
import { sessionBar } from './session-bar.js';
import { applyTheme } from './themes/index.js';
import './styles.css';

const app = document.getElementById('app') as HTMLElement;
const params = new URLSearchParams(location.search);
const language = setLanguage(params.get('lang'));
const nameOf = (id: string) => symbolName(id, language);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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

type Spin = SlotOutcome['base'];

function play(session: HouseGameSession) {
  const { paytable, currency } = session;
  const money = (minor: string | bigint) => formatMoney(minor, currency);
  const steps = betSteps(session.limits.minBet, session.limits.maxBet);
  const storage = window.localStorage;
  let betIndex = 0;
  let balance = BigInt(session.balance);
  let net = 0n;
  let busy = false;
  /** Set while free spins are being shown: the Skip button ends the showing at once. */
  let skipping = false;
  const started = Date.now();

  const balanceEl = h('output', { class: 'value' }, money(balance));
  const clockEl = h('output', { class: 'value' }, clock(0));
  const netEl = h('output', { class: 'value' }, money(0n));
  const betEl = h('output', { class: 'bet-value', 'aria-live': 'polite' }, money(steps[0] ?? 0n));
  const statusEl = h('p', { class: 'status', role: 'status' }, '');
  const featureEl = h('p', { class: 'feature', 'aria-live': 'polite' }, '');
  const roundEl = h('p', { class: 'round' }, '');
  const reels = createReels(paytable, nameOf);

  const lower = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('lowerBet') }, '−');
  const raise = h('button', { type: 'button', class: 'round-btn', 'aria-label': t('raiseBet') }, '+');
  const spinButton = h('button', { type: 'button', class: 'spin' }, t('spin'));
  const skipButton = h('button', { type: 'button', class: 'spin skip', hidden: true }, t('skip'));
  skipButton.addEventListener('click', () => {
    skipping = true;
  });
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
  const showMoney = () => {
    balanceEl.textContent = money(balance);
    netEl.textContent = money(net);
  };

  const showRoundLink = (round: HouseRound) =>
    roundEl.replaceChildren(
      `${t('round')} #${round.roundId} · `,
      h('button', { type: 'button', class: 'link', onclick: () => verifyDialog(round.roundId) }, t('verify')),
    );

  /** A win line under the reels; no celebration for a win below the stake (no "loss disguised as a win"). */
  const announce = (win: bigint, bet: bigint, label = t('win')) => {
    statusEl.textContent = win > 0n ? `${label}: ${money(win)}` : t('noWin');
    statusEl.className = win > bet ? 'status won' : 'status';
  };

  const pace = () => (reducedMotion() ? 700 : 1100);

  /** Shows a round's free spins from `from`, keeping the place so a reload resumes; the money is already settled. */
  const showFreeSpins = async (round: HouseRound, from: number) => {
    const outcome = round.outcome;
    const stepsOf: FreeSpinStep[] = freeSpinSteps(paytable, outcome.freeSpins);
    const bet = BigInt(round.bet);
    let featureWin = outcome.freeSpins.slice(0, from).reduce((sum, s) => sum + BigInt(s.win), 0n);
    skipping = false;
    skipButton.hidden = false;
    spinButton.hidden = true;
    skipButton.focus();
    for (let index = from; index < outcome.freeSpins.length && !skipping; index++) {
      const free = outcome.freeSpins[index] as Spin;
      const step = stepsOf[index];
      featureEl.textContent = t('freeSpinOf', { n: index + 1, total: step?.awarded ?? outcome.freeSpins.length });
      reels.startSpin();
      await wait(reducedMotion() ? 0 : 350);
      await reels.land(free);
      reels.highlight(free);
      featureWin += BigInt(free.win);
      announce(featureWin, bet, t('featureWin'));
      if (step && step.added > 0) featureEl.textContent += ` · ${t('retriggered', { n: step.added })}`;
      saveProgress(storage, session.gameCode, { roundId: round.roundId, shown: index + 1 });
      await wait(pace());
    }
    const last = outcome.freeSpins.at(-1);
    if (skipping && last) {
      reels.show(last);
      reels.highlight(last);
    }
    saveProgress(storage, session.gameCode, null);
    skipButton.hidden = true;
    spinButton.hidden = false;
    featureEl.textContent = '';
    announce(BigInt(round.win), bet, t('totalWin'));
    spinButton.focus();
  };

  const doSpin = async () => {
    const bet = steps[betIndex];
    if (busy || bet === undefined) return;
    busy = true;
    refreshBet();
    reels.startSpin();
    statusEl.textContent = t('spinning');
    statusEl.className = 'status';
    featureEl.textContent = '';
    // The merchant's licence may set a minimum round: the result shows no sooner, and the page says so.
    const minimum = wait(session.minSpinMs);
    try {
      const [result] = await Promise.all([spin(session.gameCode, bet.toString(), crypto.randomUUID()), minimum]);
      const round = result.round;
      const base = round.outcome.base;
      await reels.land(base);
      reels.highlight(base);
      showRoundLink(round);
      net += BigInt(round.win) - BigInt(round.bet);
      if (round.outcome.freeSpins.length > 0) {
        saveProgress(storage, session.gameCode, { roundId: round.roundId, shown: 0 });
        announce(BigInt(base.win), bet);
        featureEl.textContent = t('freeSpinsWon', { n: paytable.freeSpins?.spins ?? round.outcome.freeSpins.length });
        await wait(pace());
        await showFreeSpins(round, 0);
      } else {
        announce(BigInt(round.win), bet);
      }
      balance = BigInt(result.balance);
    } catch (error) {
      await minimum;
      reels.stop();
      statusEl.textContent = errorText(error);
      statusEl.className = 'status bad';
    } finally {
      busy = false;
      showMoney();
      refreshBet();
    }
  };
  spinButton.addEventListener('click', () => void doSpin());

  // Space spins from anywhere on the page but a control (which Space already presses) or an open dialog.
  document.addEventListener('keydown', (event) => {
    if (event.code !== 'Space' || event.repeat || document.querySelector('dialog[open]')) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('button, a, input, select, textarea')) return;
    event.preventDefault();
    if (!skipButton.hidden) skipping = true;
    else void doSpin();
  });

  setInterval(() => {
    clockEl.textContent = clock(Date.now() - started);
  }, 1000);

  const rtpText = digits(`${(paytable.rtp * 100).toFixed(2)}%`);
  app.classList.add('slot');
  app.replaceChildren(
    sessionBar(
      { balance: t('balance'), sessionTime: t('sessionTime'), net: t('net'), playMoney: t('playMoney') },
      { balance: balanceEl, clock: clockEl, net: netEl },
      session.playMoney,
    ),
    h('div', { class: 'stage' }, reels.element),
    featureEl,
    statusEl,
    h(
      'div',
      { class: 'controls' },
      h('div', { class: 'bet' }, h('span', { class: 'label' }, t('bet')), lower, betEl, raise),
      spinButton,
      skipButton,
    ),
    roundEl,
    h(
      'nav',
      { class: 'links' },
      h('button', { type: 'button', class: 'link', onclick: () => rulesDialog(paytable, nameOf, rtpText) }, t('paytable')),
      h('button', { type: 'button', class: 'link', onclick: () => fairnessDialog() }, t('fairness')),
    ),
  );
  if (session.minSpinMs > 0) app.append(h('p', { class: 'rule' }, t('minRound', { s: String(session.minSpinMs / 1000) })));
  refreshBet();

  // A feature the player was watching when the page went away: fetch its round again and show the rest.
  const pending = loadProgress(storage, session.gameCode);
  if (pending) {
    busy = true;
    refreshBet();
    void verify(pending.roundId)
      .then(async ({ round: played }) => {
        const round = 'game' in played.outcome ? null : (played as HouseRound);
        if (!round || round.gameCode !== session.gameCode || pending.shown >= round.outcome.freeSpins.length) {
          saveProgress(storage, session.gameCode, null);
          return;
        }
        const shownBefore = round.outcome.freeSpins[pending.shown - 1] ?? round.outcome.base;
        reels.show(shownBefore);
        showRoundLink(round);
        statusEl.textContent = t('resuming');
        await wait(pace());
        await showFreeSpins(round, pending.shown);
      })
      .catch(() => saveProgress(storage, session.gameCode, null))
      .finally(() => {
        busy = false;
        refreshBet();
      });
  }
}

async function start() {
  const ticket = params.get('session');
  const merchant = params.get('merchant') ?? '';
  if (!ticket) return fatal(t('sessionEnded'));
  app.replaceChildren(h('p', { class: 'loading' }, t('loading')));
  try {
    const session = await openSession(merchant, ticket);
    await applyTheme(session.paytable.gameId);
    play(session);
  } catch (error) {
    fatal(errorText(error));
  }
}

void start();
