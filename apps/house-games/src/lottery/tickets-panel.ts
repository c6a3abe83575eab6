import type { LotteryTicket } from '@tessera/contract/api/lottery';
import { h, moreButton } from '../dom.js';
import { myTickets } from './api.js';
import { formatOdds } from './bets.js';
import { errorText, type LotteryContext } from './context.js';
import { describeBet } from './format.js';
import { type LotteryKey, t } from './i18n.js';

const PAGE_SIZE = 20;

/**
 * My tickets of this game: the open draw's first, then earlier draws with status and payout. Each refresh
 * compares with what the page saw before, so a ticket settling pays into the balance shown and is announced.
 */
export function ticketsPanel(ctx: LotteryContext) {
  const seen = new Map<string, LotteryTicket>();
  let pages = 1;
  let total = 0;
  let known = false;
  const body = h('div', { class: 'tickets', 'data-testid': 'my-tickets' }, h('p', { class: 'muted' }, t('loading')));

  const row = (ticket: LotteryTicket) =>
    h(
      'li',
      { class: `ticket ${ticket.status}`, 'data-testid': 'ticket', 'data-status': ticket.status },
      h('span', { class: 'ticket-bet' }, describeBet(ticket.bet)),
      h('span', { class: 'muted' }, `#${ticket.numero} · ${ctx.money(ticket.stake)} × ${formatOdds(ticket.odds100)}`),
      h(
        'span',
        { class: 'ticket-status' },
        t(`status_${ticket.status}` as LotteryKey),
        ticket.status === 'won' || ticket.status === 'void' ? ` · ${t('payout')} ${ctx.money(ticket.payout)}` : '',
      ),
    );

  const render = () => {
    const tickets = [...seen.values()].sort(
      (a, b) => b.createdAt - a.createdAt || Number(BigInt(b.ticketId) - BigInt(a.ticketId)),
    );
    if (tickets.length === 0) {
      body.replaceChildren(h('p', { class: 'muted' }, t('ticketsEmpty')));
      return;
    }
    const openId = ctx.openDraw()?.drawId;
    const current = tickets.filter((ticket) => ticket.drawId === openId);
    const earlier = tickets.filter((ticket) => ticket.drawId !== openId);
    body.replaceChildren(
      ...(current.length > 0 ? [h('h3', {}, t('thisDraw')), h('ul', { class: 'ticket-list' }, ...current.map(row))] : []),
      ...(earlier.length > 0 ? [h('h3', {}, t('earlier')), h('ul', { class: 'ticket-list' }, ...earlier.map(row))] : []),
      ...(seen.size < total
        ? [
            moreButton(t('more'), () => {
              pages += 1;
              void refresh();
            }),
          ]
        : []),
    );
  };

  /** Announces each draw whose tickets settled since the last look, with what they paid. */
  const settle = (before: Map<string, LotteryTicket>, fresh: LotteryTicket[]) => {
    const paidByDraw = new Map<string, { numero: string; paid: bigint }>();
    for (const ticket of fresh) {
      const previous = before.get(ticket.ticketId);
      if (previous?.status !== 'open' || ticket.status === 'open') continue;
      const entry = paidByDraw.get(ticket.drawId) ?? { numero: ticket.numero, paid: 0n };
      entry.paid += BigInt(ticket.payout);
      paidByDraw.set(ticket.drawId, entry);
    }
    for (const { numero, paid } of paidByDraw.values()) {
      if (paid > 0n) ctx.onPaid(paid);
      ctx.announce(paid > 0n ? t('announceWin', { numero, amount: ctx.money(paid) }) : t('announceNoWin', { numero }));
    }
  };

  const refresh = async () => {
    try {
      const fresh: LotteryTicket[] = [];
      for (let page = 1; page <= pages; page++) {
        const answer = await myTickets(ctx.session.gameCode, 'all', page, PAGE_SIZE);
        fresh.push(...answer.content);
        total = answer.total;
      }
      const before = new Map(seen);
      if (known) settle(before, fresh);
      for (const ticket of fresh) seen.set(ticket.ticketId, ticket);
      known = true;
      render();
    } catch (error) {
      if (!known) body.replaceChildren(h('p', { class: 'bad', role: 'alert' }, errorText(error)));
    }
  };

  /** Tickets still waiting for a draw that is already past its cut-off: the page keeps looking until they settle. */
  const waiting = () => {
    const openId = ctx.openDraw()?.drawId;
    return [...seen.values()].some((ticket) => ticket.status === 'open' && ticket.drawId !== openId);
  };

  return { element: body, refresh, render, waiting };
}
