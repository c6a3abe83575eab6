import { randomUUID } from 'node:crypto';
import { minesBoard, minesMaxPicks, minesMultiplier } from '@tessera/house-engine/originals/mines';
import { FairStream } from '@tessera/house-engine/rng/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { fundedMember } from './test/kit.js';

const MINES = '/wps/house-games/originals/mines';
const ROUNDS = 20;

describe('house mines: a round kept open on the server', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Member = Awaited<ReturnType<typeof fundedMember>>;
  const post = (member: Member, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${MINES}/${path}`, headers: { authorization: member.token }, payload });
  const start = (member: Member, bet = '1000', mines = 3, clientRoundId = randomUUID()) =>
    post(member, 'start', { gameCode: 'TS_MINES', bet, mines, clientRoundId });
  const reveal = (member: Member, roundId: string, tile: number) =>
    post(member, 'reveal', { gameCode: 'TS_MINES', roundId, tile });
  const cashOut = (member: Member, roundId: string) => post(member, 'cashout', { gameCode: 'TS_MINES', roundId });
  const balanceOf = async (member: Member) =>
    (await new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).available;

  /** Where the open round's mines lie, read from its seed as only the server knows it. */
  async function minesOf(member: Member, roundId: string) {
    const row = await t.db.kysely
      .selectFrom('house_open_rounds as o')
      .innerJoin('house_seeds as s', 's.id', 'o.seed_id')
      .select(['s.server_seed', 'o.client_seed', 'o.nonce', 'o.mines'])
      .where('o.id', '=', BigInt(roundId))
      .where('o.member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const board = minesBoard(
      new FairStream({ serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) }),
      row.mines,
    );
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((tile) => !board.includes(tile));
    return { board, safe };
  }

  it('holds the bet at the start, resumes after a reload, pays the multiplier once at the cash-out and verifies', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const opened = await start(member);
    expect(opened.statusCode).toBe(200);
    const open = opened.json().value.open;
    expect(open).toMatchObject({
      bet: '1000',
      mines: 3,
      picks: [],
      multiplier: 0,
      nextMultiplier: 11_250,
      maxPicks: 22,
      nonce: 0,
    });
    expect(await balanceOf(member)).toBe(9_000n);

    const { safe } = await minesOf(member, open.roundId);
    const first = (await reveal(member, open.roundId, safe[0] as number)).json().value;
    expect(first.open).toMatchObject({ picks: [safe[0]], multiplier: 11_250 });
    // A reload: the page asks for the open round and finds it where it was; the same tile again changes nothing.
    const reloaded = await t.app.inject({
      method: 'GET',
      url: `${MINES}/open?gameCode=TS_MINES`,
      headers: { authorization: member.token },
    });
    expect(reloaded.json().value.open).toEqual(first.open);
    expect((await reveal(member, open.roundId, safe[0] as number)).json().value.open.picks).toEqual([safe[0]]);
    await reveal(member, open.roundId, safe[1] as number);

    // The seed of an open round cannot be revealed (it would show the mines).
    const rotate = await t.app.inject({
      method: 'POST',
      url: '/wps/house-games/fairness/rotate',
      headers: { authorization: member.token },
      payload: {},
    });
    expect([rotate.statusCode, rotate.json().code]).toEqual([409, 'game.round.open']);

    const cashed = await cashOut(member, open.roundId);
    expect(cashed.statusCode).toBe(200);
    const { round, open: none } = cashed.json().value;
    expect(none).toBeNull();
    const win = (1000n * BigInt(minesMultiplier(3, 2))) / 10_000n;
    expect(round).toMatchObject({ roundId: open.roundId, bet: '1000', win: win.toString(), engineGame: 'mines', nonce: 0 });
    expect(round.outcome).toMatchObject({ game: 'mines', mines: 3, picks: [safe[0], safe[1]], hit: false });
    expect(await balanceOf(member)).toBe(9_000n + win);
    // Asked again, the cash-out answers the settled round and pays nothing more.
    const again = await cashOut(member, open.roundId);
    expect(again.json().value.round.roundId).toBe(open.roundId);
    expect(await balanceOf(member)).toBe(9_000n + win);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/wps/house-games/fairness/rotate',
      headers: { authorization: member.token },
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const verify = await t.app.inject({
      method: 'GET',
      url: `/wps/house-games/rounds/verify?roundId=${open.roundId}`,
      headers: { authorization: member.token },
    });
    expect(verify.json().value).toMatchObject({ verified: true, recomputed: round.outcome });
  });

  it('settles a mine with no win and takes the next nonce for the next round', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const open = (await start(member, '500', 5)).json().value.open;
    const { board } = await minesOf(member, open.roundId);
    const lost = (await reveal(member, open.roundId, board[0] as number)).json().value;
    expect(lost.open).toBeNull();
    expect(lost.round).toMatchObject({ win: '0', outcome: { hit: true, picks: [board[0]], mineTiles: board } });
    expect(await balanceOf(member)).toBe(9_500n);
    // A dice round after it takes nonce 1: the mines round kept nonce 0.
    const dice = await t.app.inject({
      method: 'POST',
      url: '/wps/house-games/originals/play',
      headers: { authorization: member.token },
      payload: {
        gameCode: 'TS_DICE',
        bet: '100',
        clientRoundId: randomUUID(),
        choice: { game: 'dice', target: 5000, direction: 'over' },
      },
    });
    expect(dice.json().value.round.nonce).toBe(1);
    const next = (await start(member, '500', 5)).json().value.open;
    expect(next.nonce).toBe(2);
  });

  it('cashes out by itself at the last tile a round allows', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const open = (await start(member, '100', 24)).json().value.open;
    expect(open.maxPicks).toBe(minesMaxPicks(24));
    const { safe } = await minesOf(member, open.roundId);
    const won = (await reveal(member, open.roundId, safe[0] as number)).json().value;
    expect(won.open).toBeNull();
    expect(won.round).toMatchObject({ win: '2475', outcome: { hit: false, multiplier: 247_500 } });
  });

  it('refuses a second round while one is open, a cash-out before any reveal, bad bets and mines, and retries by id', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const id = randomUUID();
    const open = (await start(member, '1000', 3, id)).json().value.open;
    const retried = await start(member, '1000', 3, id);
    expect(retried.json().value.open.roundId).toBe(open.roundId);
    expect((await start(member, '1000', 3, id)).statusCode).toBe(200);
    expect(await balanceOf(member)).toBe(9_000n);
    const other = await start(member);
    expect([other.statusCode, other.json().code]).toEqual([409, 'game.round.open']);
    const early = await cashOut(member, open.roundId);
    expect([early.statusCode, early.json().code]).toEqual([400, 'game.choice.invalid']);
    const wrong = await reveal(member, String(BigInt(open.roundId) + 1000n), 3);
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'game.round.not.found']);

    const fresh = await fundedMember(t.db.kysely, 10_000n);
    expect((await start(fresh, '5')).json().code).toBe('game.bet.invalid');
    expect((await start(fresh, '1000', 25)).statusCode).toBe(400);
    expect((await start(fresh, '20000')).json().code).toBe('wallet.insufficient.funds');
    const viaPlay = await t.app.inject({
      method: 'POST',
      url: '/wps/house-games/originals/play',
      headers: { authorization: fresh.token },
      payload: {
        gameCode: 'TS_MINES',
        bet: '100',
        clientRoundId: randomUUID(),
        choice: { game: 'dice', target: 5000, direction: 'over' },
      },
    });
    expect(viaPlay.json().code).toBe('game.choice.invalid');
    const visitor = await t.app.inject({
      method: 'POST',
      url: `${MINES}/start`,
      payload: { gameCode: 'TS_MINES', bet: '100', mines: 3, clientRoundId: randomUUID() },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it(`never overspends when ${ROUNDS} starts of one member arrive at once, and settles once under ${ROUNDS} cash-outs`, async () => {
    const member = await fundedMember(t.db.kysely, 1_000n);
    const starts = await Promise.all(Array.from({ length: ROUNDS }, () => start(member, '600')));
    const opened = starts.filter((res) => res.statusCode === 200);
    expect(opened).toHaveLength(1);
    expect(new Set(starts.filter((res) => res.statusCode !== 200).map((res) => res.json().code))).toEqual(
      new Set(['game.round.open']),
    );
    expect(await balanceOf(member)).toBe(400n);
    const open = opened[0]?.json().value.open;
    const { safe } = await minesOf(member, open.roundId);
    await reveal(member, open.roundId, safe[0] as number);
    const cashes = await Promise.all(Array.from({ length: ROUNDS }, () => cashOut(member, open.roundId)));
    expect(new Set(cashes.map((res) => res.statusCode))).toEqual(new Set([200]));
    const win = (600n * BigInt(minesMultiplier(3, 1))) / 10_000n;
    expect(await balanceOf(member)).toBe(400n + win);
    const transfers = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['kind', 'state'])
      .where('cause_type', '=', 'game_round')
      .where('cause_id', '=', open.roundId)
      .orderBy('id')
      .execute();
    expect(transfers).toEqual([
      { kind: 'bet', state: 'posted' },
      { kind: 'win', state: 'posted' },
    ]);
    const rounds = await t.db.kysely.selectFrom('house_rounds').select('id').where('member_id', '=', member.id).execute();
    expect(rounds).toHaveLength(1);
  });
});
