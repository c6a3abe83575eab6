import type { LotteryDraw, LotterySession } from '@tessera/contract/api/lottery';
import { h, openDialog } from '../dom.js';
import { clock, formatMoney } from '../money.js';
import { sessionBar } from '../session-bar.js';
import '../styles.css';
import './lottery.css';
import { type CurrentDraws, currentDraws, openLotterySession } from './api.js';
import { formatOdds } from './bets.js';
import { errorText, type LotteryContext } from './context.js';
import { countdown, describeBet, kindName, resultBalls } from './format.js';
import { digits, setLanguage, t } from './i18n.js';
import { resultsPanel } from './results-panel.js';
import { slipPanel } from './slip-panel.js';
import { ticketsPanel } from './tickets-panel.js';

const app = document.getElementById('app') as HTMLElement;
const params = new URLSearchParams(location.search);
setLanguage(params.get('lang'));
// The ticket works once; keep it out of the history and of anything the page might share.
history.replaceState(null, '', location.pathname);

/** Polling between moments that matter: at the cut-off, then every few seconds until the next draw opens. */
const SOON_MS = 2_000;
const AT_MOST_MS = 30_000;

function fatal(message: string) {
  app.replaceChildren(h('p', { class: 'fatal', role: 'alert' }, message));
}

function rulesDialog(session: LotterySession) {
  const { game } = session;
  openDialog(
    t('rules'),
    t('close'),
    h('p', {}, t('rulesCutoff', { seconds: game.cutoffSeconds })),
    h('p', {}, t('rulesPayout')),
    h('p', {}, t('rulesFair')),
    h(
      'table',
      {},
      h(
        'tbody',
        {},
        ...game.odds.map((odds) =>
          h(
            'tr',
            {},
            h(
              'th',
              { scope: 'row' },
              describeBet({ type: odds.type, ...(odds.sum === undefined ? {} : { sum: odds.sum }) } as never),
            ),
            h('td', {}, `×${formatOdds(odds.odds100)}`),
          ),
        ),
      ),
    ),
  );
}

/** Tabs with arrow keys between them (WAI-ARIA tabs pattern); the launch's view picks the first one. */
function tabs(panels: { id: string; label: string; content: HTMLElement }[], initial: string): HTMLElement {
  const buttons: HTMLButtonElement[] = [];
  const sections: HTMLElement[] = [];
  const select = (index: number, focus: boolean) => {
    buttons.forEach((button, i) => {
      const isSelected = i === index;
      button.setAttribute('aria-selected', String(isSelected));
      button.tabIndex = isSelected ? 0 : -1;
      const section = sections[i];
      if (section) section.hidden = !isSelected;
    });
    if (focus) buttons[index]?.focus();
  };
  panels.forEach((panel, i) => {
    const button = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${panel.id}`,
        'aria-controls': `panel-${panel.id}`,
        onclick: () => select(i, false),
      },
      panel.label,
    );
    button.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step !== 0) select((i + step + panels.length) % panels.length, true);
    });
    buttons.push(button);
    sections.push(
      h(
        'section',
        { role: 'tabpanel', id: `panel-${panel.id}`, 'aria-labelledby': `tab-${panel.id}`, class: 'panel' },
        panel.content,
      ),
    );
  });
  select(
    Math.max(
      0,
      panels.findIndex((panel) => panel.id === initial),
    ),
    false,
  );
  return h('div', {}, h('div', { role: 'tablist', class: 'tabs', 'aria-label': t('tabs') }, ...buttons), ...sections);
}

function play(session: LotterySession, view: string) {
  const money = (minor: string | bigint) => formatMoney(minor, session.currency);
  let balance = BigInt(session.balance);
  let net = 0n;
  let draws: CurrentDraws | null = null;
  // Server clock minus this device's: countdowns follow the server, which decides the cut-off.
  let skewMs = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();

  const balanceEl = h('output', { class: 'value', 'data-testid': 'lottery-balance' }, money(balance));
  const clockEl = h('output', { class: 'value' }, clock(0));
  const netEl = h('output', { class: 'value', 'data-testid': 'lottery-net' }, money(0n));
  const announcer = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' }, '');
  const numeroEl = h('h2', { class: 'numero' }, '');
  const countdownLabel = h('span', { class: 'label' }, t('closesIn'));
  const countdownEl = h('span', { class: 'countdown', role: 'timer', 'aria-live': 'off' }, '');
  const commitmentEl = h('code', { class: 'commitment' }, '');
  const lastEl = h('div', { class: 'last' }, '');
  const showMoney = () => {
    balanceEl.textContent = money(balance);
    netEl.textContent = money(net);
  };

  const ctx: LotteryContext = {
    session,
    money,
    openDraw: () => draws?.open ?? null,
    onBought: (after, stake) => {
      balance = after;
      net -= stake;
      showMoney();
    },
    onPaid: (payout) => {
      balance += payout;
      net += payout;
      showMoney();
    },
    announce: (text) => {
      announcer.textContent = text;
    },
    refreshDraws: () => void refreshDraws(),
    refreshTickets: () => void tickets.refresh(),
  };
  const tickets = ticketsPanel(ctx);
  const resultsView = resultsPanel(ctx);

  const showDraw = () => {
    const open = draws?.open ?? null;
    const now = Date.now() + skewMs;
    if (open && now < open.closeAt) {
      numeroEl.textContent = t('draw', { numero: open.numero });
      countdownLabel.textContent = t('closesIn');
      countdownEl.textContent = countdown(open.closeAt - now);
      commitmentEl.textContent = open.commitment;
    } else {
      numeroEl.textContent = open ? t('draw', { numero: open.numero }) : '';
      countdownLabel.textContent = open ? t('closed') : t('noDraw');
      countdownEl.textContent = '';
      commitmentEl.textContent = open?.commitment ?? '';
    }
  };

  const showLast = (last: LotteryDraw | null) => {
    lastEl.replaceChildren(
      ...(last?.result
        ? [h('span', { class: 'label' }, `${t('lastResult')} · #${digits(last.numero)}`), resultBalls(last.result)]
        : []),
    );
  };

  async function refreshDraws() {
    clearTimeout(timer);
    let delay = SOON_MS;
    try {
      const previousLast = draws?.last?.drawId;
      const previousOpen = draws?.open?.drawId;
      draws = await currentDraws(session.gameCode);
      skewMs = draws.serverTime - Date.now();
      showDraw();
      showLast(draws.last);
      const hasNewResult = draws.last !== null && draws.last.drawId !== previousLast;
      if (hasNewResult && previousLast !== undefined && draws.last) resultsView.announce(draws.last);
      if (hasNewResult) void resultsView.refresh();
      if (hasNewResult || draws.open?.drawId !== previousOpen || tickets.waiting()) await tickets.refresh();
      const open = draws.open;
      const untilClose = open ? open.closeAt - draws.serverTime : 0;
      if (open && untilClose > 0 && !tickets.waiting()) delay = Math.min(untilClose + 500, AT_MOST_MS);
    } catch (error) {
      countdownLabel.textContent = errorText(error);
    }
    timer = setTimeout(() => void refreshDraws(), delay);
  }

  setInterval(() => {
    clockEl.textContent = clock(Date.now() - started);
    showDraw();
  }, 1000);

  app.replaceChildren(
    sessionBar(
      { balance: t('balance'), sessionTime: t('sessionTime'), net: t('net'), playMoney: t('playMoney') },
      { balance: balanceEl, clock: clockEl, net: netEl },
      session.playMoney,
    ),
    h(
      'section',
      { class: 'panel draw', 'aria-labelledby': 'game-title' },
      h(
        'div',
        { class: 'draw-head' },
        h('h1', { id: 'game-title' }, kindName(session.game.kind)),
        h('button', { type: 'button', class: 'link', onclick: () => rulesDialog(session) }, t('rules')),
      ),
      numeroEl,
      h('p', { class: 'closes' }, countdownLabel, ' ', countdownEl),
      h('details', { class: 'fair' }, h('summary', {}, t('commitment')), commitmentEl),
      lastEl,
    ),
    tabs(
      [
        { id: 'bet', label: t('tabBet'), content: slipPanel(ctx) },
        { id: 'tickets', label: t('tabTickets'), content: tickets.element },
        { id: 'results', label: t('tabResults'), content: resultsView.element },
      ],
      view === 'lobby' ? 'results' : 'bet',
    ),
    announcer,
  );
  void refreshDraws();
  void resultsView.refresh();
}

async function start() {
  const ticket = params.get('session');
  const merchant = params.get('merchant') ?? '';
  if (!ticket) return fatal(t('sessionEnded'));
  app.replaceChildren(h('p', { class: 'loading', role: 'status' }, t('loading')));
  try {
    play(await openLotterySession(merchant, ticket), params.get('view') ?? 'betting');
  } catch (error) {
    fatal(errorText(error));
  }
}

void start();
