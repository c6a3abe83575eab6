import { drawRaffle } from '@tessera/house-engine/raffle/draw';
import { commitServerSeed } from '@tessera/house-engine/rng/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { createTestApp } from '../../../test/test-app.js';
import { fundedMember } from '../../house-vendor/test/kit.js';
import { balances, ledgerOf, STAFF, spin } from '../test/kit.js';
import { RaffleService } from './service.js';
import { createRaffle } from './test/kit.js';

const HOUR = 3600_000;

describe('raffles: tickets from valid bets, a provably fair draw, prizes claimed once', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: { language: 'en', ...(token ? { authorization: token } : {}) } });
  const claim = (token: string, promotionId: bigint) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_claimRafflePromotion',
      headers: { language: 'en', authorization: token },
      payload: { promotionId: promotionId.toString() },
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts a ticket per valid bet step up to the cap, once however often the event is heard', async () => {
    const member = await fundedMember(t.db.kysely, 1_000_000n);
    const outsider = await fundedMember(t.db.kysely, 1_000_000n);
    const { promotionId } = await createRaffle(t.services, {}, [member.account]);
    await spin(t.services, outsider.id, 5000n);
    await t.services.raffles.catchUp(DEMO_MERCHANT, outsider.id);
    const theirs = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`, outsider.token)).json().value;
    expect(theirs.myTickets).toBe(0);
    for (let i = 0; i < 3; i += 1) await spin(t.services, member.id, 500n);
    const event = JSON.stringify({ merchant: DEMO_MERCHANT, memberId: member.id.toString() });
    t.services.raffleTracker.heard(event);
    t.services.raffleTracker.heard(event);
    await t.services.raffleTracker.idle();
    await t.services.raffles.catchUp(DEMO_MERCHANT, member.id);
    const mine = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`, member.token)).json().value;
    expect(mine).toMatchObject({ myTickets: 1, myValidBetMinor: '1500', serverSeed: null, drawnAt: null });
    for (let i = 0; i < 20; i += 1) await spin(t.services, member.id, 500n);
    await t.services.raffles.catchUp(DEMO_MERCHANT, member.id);
    await t.services.raffles.catchUp(DEMO_MERCHANT, member.id);
    const capped = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`, member.token)).json().value;
    expect(capped).toMatchObject({ myTickets: 5, myValidBetMinor: '11500' });
    const guest = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`)).json().value;
    expect(guest).toMatchObject({ myTickets: null, serverSeed: null, winners: [], myPrize: null });
    expect(guest.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const list = (await get(`/wps/promotions?type=raffle`, member.token)).json().value.list as { id: string; status: string }[];
    expect(list.find((p) => p.id === promotionId.toString())?.status).toBe('process');
    const join = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions/join',
      headers: { language: 'en', authorization: member.token },
      payload: { promotionId: promotionId.toString() },
    });
    expect(join.json()).toMatchObject({
      code: 'promo.not.available',
      value: { fields: [{ params: { reason: 'raffle_tickets' } }] },
    });
  });

  it('draws once from the committed seed; anyone recomputes the winners; winners claim once; others cannot', async () => {
    const players = await Promise.all([1, 2, 3].map(() => fundedMember(t.db.kysely, 1_000_000n)));
    const { promotionId, raffle } = await createRaffle(
      t.services,
      {},
      players.map((p) => p.account),
    );
    for (const [i, player] of players.entries()) for (let n = 0; n <= i; n += 1) await spin(t.services, player.id, 1000n);
    // Not counted by any event before the draw: the draw's closing count finds the bets.
    const drawn = await t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF);
    expect(drawn).toMatchObject({ entrants: 3, ticketsTotal: 6 });
    expect(drawn.winners).toHaveLength(2);
    const again = await t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF);
    expect(again.winners).toEqual(drawn.winners);

    const view = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`)).json().value;
    expect(commitServerSeed(view.serverSeed)).toBe(raffle.seedHash);
    expect(view.seedHash).toBe(raffle.seedHash);
    const tickets = (await get(`/wps/promotions/raffle/tickets?promotionId=${promotionId}`)).json().value.list as {
      tickets: number;
      firstTicket: number;
    }[];
    expect(tickets.map((block) => block.tickets).sort()).toEqual([1, 2, 3]);
    const recomputed = drawRaffle({ serverSeed: view.serverSeed, clientSeed: view.clientSeed, nonce: 0 }, tickets, 2);
    expect(recomputed.map((w) => w.ticket)).toEqual(view.winners.map((w: { ticket: number }) => w.ticket));
    expect(view.winners[0].account).toContain('***');

    const byAccount = new Map(drawn.winners.map((w) => [w.account, w]));
    const cashWinner = players.find((p) => byAccount.get(p.account)?.place === 1);
    const bonusWinner = players.find((p) => byAccount.get(p.account)?.place === 2);
    const loser = players.find((p) => !byAccount.has(p.account));
    if (!cashWinner || !bonusWinner || !loser) throw new Error('expected two winners and one other');

    const cashBefore = await balances(ledgerOf(t.services), cashWinner.id);
    const first = await claim(cashWinner.token, promotionId);
    expect(first.json().value).toMatchObject({ place: 1, kind: 'cash', amountMinor: '5000', state: 'claimed' });
    const second = await claim(cashWinner.token, promotionId);
    expect(second.json().value.state).toBe('claimed');
    expect((await balances(ledgerOf(t.services), cashWinner.id)).cash).toBe(cashBefore.cash + 5000n);

    const bonus = await claim(bonusWinner.token, promotionId);
    expect(bonus.json().value).toMatchObject({ place: 2, kind: 'bonus', state: 'claimed' });
    expect((await balances(ledgerOf(t.services), bonusWinner.id)).bonus).toBe(3000n);

    const refused = await claim(loser.token, promotionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('raffle.not.winner');
    const mine = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`, cashWinner.token)).json().value;
    expect(mine.myPrize).toMatchObject({ state: 'claimed', place: 1 });
    const status = async (token: string) =>
      (await get(`/wps/promotions/detail?promotionId=${promotionId}`, token)).json().value as {
        status: string;
        reason: string | null;
      };
    expect(await status(cashWinner.token)).toMatchObject({ status: 'claimed' });
    expect(await status(loser.token)).toMatchObject({ status: 'close', reason: 'ended' });
    expect(mine.myFirstTicket).not.toBeNull();
  });

  it('counts only the categories, the window and real accounts; a raffle not yet due is not drawn', async () => {
    const { promotionId } = await createRaffle(t.services, { categories: ['LOTT'] });
    const member = await fundedMember(t.db.kysely, 1_000_000n);
    await spin(t.services, member.id, 5000n);
    await t.services.raffles.catchUp(DEMO_MERCHANT, member.id);
    const view = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`, member.token)).json().value;
    expect(view.myTickets).toBe(0);
    const early = await t.db.kysely.transaction().execute((trx) => t.services.raffles.draw(trx, DEMO_MERCHANT, promotionId));
    expect(early).toBe(false);
  });

  it('expires a prize not claimed by its deadline', async () => {
    const member = await fundedMember(t.db.kysely, 100_000n);
    const { promotionId } = await createRaffle(t.services, { prizes: [{ kind: 'cash', amountMinor: '700' }] }, [member.account]);
    await spin(t.services, member.id, 1000n);
    await t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF);
    const before = (await get(`/wps/promotions/detail?promotionId=${promotionId}`, member.token)).json().value;
    expect(before.status).toBe('claim');
    const later = new RaffleService(
      t.db.kysely,
      ledgerOf(t.services),
      t.services.promotions,
      () => new Date(Date.now() + 25 * HOUR),
    );
    await expect(later.claim(DEMO_MERCHANT, member.id, promotionId)).rejects.toMatchObject({ code: 'raffle.prize.expired' });
    await t.db.kysely.transaction().execute((trx) =>
      later.expiryJob({
        trx,
        payload: { merchant: DEMO_MERCHANT, promotionId: promotionId.toString() },
        job: { id: 0n, kind: 'promotions.raffle-expiry', attempts: 1 },
        afterCommit: () => undefined,
      }),
    );
    const expired = (await get(`/wps/promotions/raffle?promotionId=${promotionId}`, member.token)).json().value;
    expect(expired.myPrize.state).toBe('expired');
    const after = (await get(`/wps/promotions/detail?promotionId=${promotionId}`, member.token)).json().value;
    expect(after).toMatchObject({ status: 'close', reason: 'raffle_prize_expired' });
    const claimNow = await claim(member.token, promotionId);
    expect(claimNow.json().code).toBe('raffle.prize.expired');
  });

  it('refuses settings that do not hold together and changes after the draw', async () => {
    const { promotionId } = await createRaffle(t.services);
    await expect(
      t.services.raffleAdmin.save(
        DEMO_MERCHANT,
        {
          promotionId: promotionId.toString(),
          drawTime: Date.now() - 2 * HOUR,
          ticketValidBetMinor: '1000',
          categories: ['RNG'],
          maxTickets: 1,
          claimHours: 1,
          prizes: [{ kind: 'cash', amountMinor: '1' }],
        },
        STAFF,
      ),
    ).rejects.toMatchObject({ code: 'promo.rejected' });
    await t.services.raffleAdmin.drawNow(DEMO_MERCHANT, promotionId, STAFF);
    await expect(
      t.services.raffleAdmin.save(
        DEMO_MERCHANT,
        {
          promotionId: promotionId.toString(),
          drawTime: Date.now() + HOUR,
          ticketValidBetMinor: '1000',
          categories: ['RNG'],
          maxTickets: 1,
          claimHours: 1,
          prizes: [{ kind: 'cash', amountMinor: '1' }],
        },
        STAFF,
      ),
    ).rejects.toMatchObject({ code: 'raffle.drawn' });
  });
});
