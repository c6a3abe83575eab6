import type { LotteryBet } from '@tessera/contract/api/lottery';
import { ApiError } from '../api.js';
import { h } from '../dom.js';
import { buySlip } from './api.js';
import { BET_FORMS, type BetField, buildBet, formatOdds, oddsOf, POSITION_LETTERS, parseStake, stakeText } from './bets.js';
import { errorText, type LotteryContext } from './context.js';
import { describeBet } from './format.js';
import { type LotteryKey, t } from './i18n.js';

let fieldIds = 0;

function fieldControl(field: BetField, onChange: () => void): { element: HTMLElement; value: () => string } {
  const id = `bet-${field.name}-${++fieldIds}`;
  const select = (label: string, options: [string, string][]) => {
    const control = h('select', { id, onchange: onChange }, ...options.map(([value, text]) => h('option', { value }, text)));
    return { element: h('div', { class: 'field' }, h('label', { for: id }, label), control), value: () => control.value };
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  switch (field.name) {
    case 'position':
      return select(
        t('position'),
        POSITION_LETTERS.map((letter, i) => [String(i), letter]),
      );
    case 'digit':
      return select(
        t('digit'),
        range(0, 9).map((d) => [d, d]),
      );
    case 'pick':
      return select(
        t('pick'),
        field.options.map((pick) => [pick, t(pick as LotteryKey)]),
      );
    case 'sum':
      return select(
        t('sum'),
        range(field.from, field.to).map((s) => [s, s]),
      );
    case 'face':
      return select(
        t('face'),
        range(1, 6).map((f) => [f, f]),
      );
    case 'number': {
      const input = h('input', {
        id,
        inputmode: 'numeric',
        autocomplete: 'off',
        maxlength: String(field.length),
        pattern: `[0-9]{${field.length}}`,
        oninput: onChange,
      });
      return {
        element: h('div', { class: 'field' }, h('label', { for: id }, t('number', { n: field.length })), input),
        value: () => input.value,
      };
    }
  }
}

/** The bet slip (house-engine's bet types, the game's odds and stake limits): build bets, then buy them in one slip. */
export function slipPanel(ctx: LotteryContext): HTMLElement {
  const { game, currency } = ctx.session;
  const { minStake, maxStake, maxBetsPerSlip } = game.limits;
  const forms = BET_FORMS[game.kind];
  const types = Object.keys(forms).filter((type) => game.odds.length === 0 || game.odds.some((odds) => odds.type === type));
  const slip: { bet: LotteryBet; stake: bigint }[] = [];
  // Kept until the server answers for this slip, so a retry after a lost answer never buys it twice.
  let pendingSlipId: string | null = null;
  let busy = false;

  const typeSelect = h(
    'select',
    { id: 'bet-type' },
    ...types.map((type) => h('option', { value: type }, t(`bt_${type}` as LotteryKey))),
  );
  const fieldsBox = h('div', { class: 'fields' });
  const oddsEl = h('output', { class: 'odds', for: 'bet-type' }, '');
  const stakeInput = h('input', {
    id: 'stake',
    inputmode: 'decimal',
    autocomplete: 'off',
    value: stakeText(BigInt(minStake), currency.minorDigits),
    'aria-describedby': 'stake-hint',
  });
  const formError = h('p', { class: 'error', role: 'alert' }, '');
  const list = h('ul', { class: 'slip-list', 'aria-label': t('slip') });
  const totalEl = h('output', { class: 'value' }, ctx.money(0n));
  const buyButton = h('button', { type: 'button', class: 'primary' }, t('buy'));
  const buyStatus = h('p', { class: 'status', role: 'status' }, '');
  let values: () => Record<string, string> = () => ({});

  const currentBet = () => buildBet(game.kind, typeSelect.value, values());
  const showOdds = () => {
    const bet = currentBet();
    const odds = bet ? oddsOf(game, bet) : null;
    oddsEl.textContent = odds === null ? '' : `${t('odds')} ×${formatOdds(odds)}`;
  };
  const showFields = () => {
    const controls = (forms[typeSelect.value] ?? []).map((field) => [field.name, fieldControl(field, showOdds)] as const);
    fieldsBox.replaceChildren(...controls.map(([, control]) => control.element));
    values = () => Object.fromEntries(controls.map(([name, control]) => [name, control.value()]));
    showOdds();
  };
  typeSelect.addEventListener('change', showFields);

  const render = () => {
    const total = slip.reduce((sum, item) => sum + item.stake, 0n);
    list.replaceChildren(
      ...(slip.length === 0
        ? [h('li', { class: 'muted' }, t('slipEmpty'))]
        : slip.map((item, index) => {
            const odds = oddsOf(game, item.bet);
            const text = describeBet(item.bet);
            return h(
              'li',
              { class: 'slip-item', 'data-testid': 'slip-item' },
              h('span', {}, text),
              h('span', { class: 'muted' }, `${ctx.money(item.stake)}${odds === null ? '' : ` × ${formatOdds(odds)}`}`),
              h(
                'button',
                {
                  type: 'button',
                  class: 'link',
                  'aria-label': `${t('remove')}: ${text}`,
                  onclick: () => {
                    slip.splice(index, 1);
                    pendingSlipId = null;
                    render();
                    typeSelect.focus();
                  },
                },
                t('remove'),
              ),
            );
          })),
    );
    totalEl.textContent = ctx.money(total);
    buyButton.disabled = busy || slip.length === 0;
    buyButton.textContent = busy ? t('buying') : t('buy');
  };

  const limitsText = { min: ctx.money(minStake), max: ctx.money(maxStake) };
  const handleAdd = (event: Event) => {
    event.preventDefault();
    const bet = currentBet();
    const stake = parseStake(stakeInput.value, currency.minorDigits);
    if (!bet) formError.textContent = t('errBet');
    else if (stake === null || stake < BigInt(minStake) || stake > BigInt(maxStake)) {
      formError.textContent = t('errStake', limitsText);
      stakeInput.setAttribute('aria-invalid', 'true');
    } else if (slip.length >= maxBetsPerSlip) formError.textContent = t('errSlipFull', { n: maxBetsPerSlip });
    else {
      formError.textContent = '';
      stakeInput.removeAttribute('aria-invalid');
      slip.push({ bet, stake });
      pendingSlipId = null;
      buyStatus.textContent = '';
      render();
    }
  };

  buyButton.addEventListener('click', async () => {
    const draw = ctx.openDraw();
    if (busy || slip.length === 0) return;
    if (!draw) {
      buyStatus.textContent = t('noDraw');
      return;
    }
    busy = true;
    pendingSlipId ??= crypto.randomUUID();
    buyStatus.textContent = '';
    render();
    try {
      const answer = await buySlip({
        gameCode: game.gameCode,
        drawId: draw.drawId,
        clientSlipId: pendingSlipId,
        bets: slip.map((item) => ({ bet: item.bet, stake: item.stake.toString() })),
      });
      ctx.onBought(BigInt(answer.balance), answer.replayed ? 0n : BigInt(answer.slip.totalStake));
      slip.length = 0;
      pendingSlipId = null;
      buyStatus.textContent = t('bought', { numero: answer.slip.numero });
      buyStatus.className = 'status ok';
      ctx.refreshTickets();
    } catch (error) {
      // A refusal is final for this slip id; only a lost answer (network) keeps it for the retry.
      if (error instanceof ApiError && error.status > 0 && error.code !== 'network') pendingSlipId = null;
      const stakeLimits = error instanceof ApiError ? error.value?.fields.find((field) => field.params.minMinor) : undefined;
      buyStatus.textContent = stakeLimits
        ? t('errStake', {
            min: ctx.money(String(stakeLimits.params.minMinor)),
            max: ctx.money(String(stakeLimits.params.maxMinor)),
          })
        : errorText(error);
      buyStatus.className = 'status bad';
      if (error instanceof ApiError && error.code === 'lottery.draw.closed') ctx.refreshDraws();
    } finally {
      busy = false;
      render();
    }
  });

  showFields();
  render();
  return h(
    'div',
    { class: 'slip' },
    h(
      'form',
      { class: 'bet-form', novalidate: true, onsubmit: handleAdd },
      h('div', { class: 'field wide' }, h('label', { for: 'bet-type' }, t('betType')), typeSelect),
      fieldsBox,
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'stake' }, t('stake', { symbol: currency.symbol })),
        stakeInput,
        h('small', { id: 'stake-hint', class: 'muted' }, t('stakeHint', limitsText)),
      ),
      oddsEl,
      h('button', { type: 'submit', class: 'secondary' }, t('addBet')),
      formError,
    ),
    h('h3', {}, t('slip')),
    list,
    h('p', { class: 'total' }, h('span', { class: 'label' }, t('total')), ' ', totalEl),
    buyButton,
    buyStatus,
  );
}
