import { randomUUID } from 'node:crypto';
import type { LotteryBet } from '@tessera/contract/api/lottery';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import type { Services } from '../../services.js';
import { createTestApp } from '../../test/test-app.js';
import { JobRunner } from '../jobs/service.js';
import { Ledger } from '../ledger/service.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { registerLotteryJobs } from './jobs.js';
import { DRAW_JOB, LotteryService } from './service.js';
import { closeDraw, drawNow, FAST3, fundedMember, lotteryWorker, openDraw, SEA, slip } from './test/kit.js';

const SLIPS = '/wps/lottery/slips';
/** PGlite runs one statement at a time; PostgreSQL shows the real lock contention. */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const MEMBERS = ON_POSTGRES ? 12 : 4;
/** Tickets per settlement batch: small, so a draw has many batches to die between and in. */
const BATCH = 7;
/** The dying instance's claim: short, so the test does not wait a real lease out. */
const LEASE_MS = 300;

const balanceOf = (db: Kysely<Database>, memberId: bigint) =>
  new Ledger(db).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId }).then((b) => b.available);

/* Two server instances on one database, each with its own connection pool, as two processes have. */
describe('lottery settlement across two instances', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let other: Db;
  let second: FastifyInstance;
  beforeAll(async () => {
    const runners: Services['jobs'][] = [];
    const extend = (_app: FastifyInstance, services: Services) => void runners.push(services.jobs);
    t = await createTestApp({ extend });
    other = await t.db.reopen();
    second = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), db: other, extend });
    await second.ready();
    // The test's own workers (one per instance's connection pool) run the draws, with batches small enough to race.
    await Promise.all(runners.map((runner) => runner.stop()));
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  /**
   * The draw is settled and every winning ticket paid exactly once (one `lottery-win` transfer each, for its payout),
   * each member's balance is what they staked and won, no job of the draw is left, and the ledger's invariants hold.
   */
  async function expectSettledOnce(drawId: string, ticketCount: number, members: { id: bigint }[], stake: bigint) {
    const db = t.db.kysely;
    const row = await db.selectFrom('lottery_draws').selectAll().where('id', '=', BigInt(drawId)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'settled', batches_left: 0, ticket_count: ticketCount });
    const tickets = await db.selectFrom('lottery_tickets').selectAll().where('draw_id', '=', BigInt(drawId)).execute();
    expect(tickets.filter((ticket) => ticket.status === 'open')).toEqual([]);
    const wins = await sql<{ key: string; amount: bigint }>`
      SELECT idempotency_key AS key, amount FROM ledger_transfers
      WHERE idempotency_key LIKE 'lottery-win:%' AND cause_id = ${drawId}`.execute(db);
    const won = tickets.filter((ticket) => ticket.status === 'won');
    expect(wins.rows.map((w) => w.key).sort()).toEqual(won.map((ticket) => `lottery-win:${ticket.id}`).sort());
    const paid = won.reduce((sum, ticket) => sum + ticket.payout, 0n);
    expect(wins.rows.reduce((sum, w) => sum + BigInt(w.amount), 0n)).toBe(paid);
    expect(row.payout_total).toBe(paid);
    const boardRows = await db
      .selectFrom('lottery_wins')
      .select(['ticket_id', 'payout'])
      .where('ticket_id', 'in', won.length > 0 ? won.map((x) => x.id) : [0n])
      .execute();
    expect(boardRows.map((w) => `${w.ticket_id}:${w.payout}`).sort()).toEqual(won.map((x) => `${x.id}:${x.payout}`).sort());
    for (const member of members) {
      const payout = tickets.filter((x) => x.member_id === member.id).reduce((sum, x) => sum + x.payout, 0n);
      expect(await balanceOf(db, member.id)).toBe(100_000n - stake + payout);
    }
    const { rows: open } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM jobs WHERE kind LIKE 'lottery.%' AND payload->>'drawId' = ${drawId} AND done_at IS NULL`.execute(
      db,
    );
    expect(open[0]?.n).toBe(0);
    expect(await ledgerViolations(db)).toEqual([]);
  }

  it('pays every winning ticket exactly once when both instances settle the same draw', async () => {
    const draw = await openDraw(t, SEA);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => fundedMember(t.db.kysely, 100_000n)));
    const bets: { bet: LotteryBet; stake: string }[] = [
      ...Array.from({ length: 10 }, (_, digit) => ({ bet: { type: 'digit' as const, position: 0, digit }, stake: '300' })),
      { bet: { type: 'sumBigSmall', pick: 'big' }, stake: '1000' },
      { bet: { type: 'sumBigSmall', pick: 'small' }, stake: '1000' },
      { bet: { type: 'bigSmall', position: 2, pick: 'small' }, stake: '500' },
    ];
    const stake = 10n * 300n + 2500n;
    // Half the members buy through each instance, all at once, each with a retry of the same slip.
    const buys = members.flatMap((member, i) => {
      const app = i % 2 === 0 ? t.app : second;
      const body = slip(SEA, draw.drawId, bets);
      const headers = { authorization: member.token };
      return [
        app.inject({ method: 'POST', url: SLIPS, headers, payload: body }),
        app.inject({ method: 'POST', url: SLIPS, headers, payload: body }),
      ];
    });
    const answers = await Promise.all(buys);
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.filter((res) => res.json().value.replayed === false)).toHaveLength(MEMBERS);

    await drawNow(t.db.kysely, draw.drawId, [lotteryWorker(t.db.kysely, 7), lotteryWorker(other.kysely, 7)]);

    await expectSettledOnce(draw.drawId, MEMBERS * bets.length, members, stake);
  });

  it('either sells a ticket into the draw or refuses it when purchases race the draw itself', async () => {
    const draw = await openDraw(t, FAST3);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => fundedMember(t.db.kysely, 10_000n)));
    const purchases = members.map((member, i) =>
      (i % 2 === 0 ? t.app : second).inject({
        method: 'POST',
        url: SLIPS,
        headers: { authorization: member.token },
        payload: slip(FAST3, draw.drawId, [{ bet: { type: 'oddEven', pick: 'odd' }, stake: '1000' }], randomUUID()),
      }),
    );
    const [answers] = await Promise.all([
      Promise.all(purchases),
      drawNow(t.db.kysely, draw.drawId, [lotteryWorker(t.db.kysely), lotteryWorker(other.kysely)]),
    ]);
    for (const [i, res] of answers.entries()) {
      const member = members[i];
      if (!member) continue;
      const ticket = await t.db.kysely
        .selectFrom('lottery_tickets')
        .selectAll()
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      if (res.statusCode === 200) {
        expect(ticket?.status).toMatch(/^(won|lost)$/);
        expect(await balanceOf(t.db.kysely, member.id)).toBe(10_000n - 1000n + (ticket?.payout ?? 0n));
      } else {
        expect(res.json().code).toBe('lottery.draw.closed');
        expect(ticket).toBeUndefined();
        expect(await balanceOf(t.db.kysely, member.id)).toBe(10_000n);
      }
    }
  });
  it('settles a batch once when two runs of it race, and a run after that counts nothing on the draw', async () => {
    const draw = await openDraw(t, SEA);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => fundedMember(t.db.kysely, 100_000n)));
    const bets = Array.from({ length: 10 }, (_, digit) => ({
      bet: { type: 'digit' as const, position: 3, digit },
      stake: '200',
    }));
    for (const [i, member] of members.entries()) {
      const res = await (i % 2 === 0 ? t.app : second).inject({
        method: 'POST',
        url: SLIPS,
        headers: { authorization: member.token },
        payload: slip(SEA, draw.drawId, bets),
      });
      expect(res.statusCode).toBe(200);
    }
    await closeDraw(t.db.kysely, draw.drawId);
    const drawId = BigInt(draw.drawId);
    // Two batches: a batch run again while the other is still open must not count as the other.
    const settleBatchSize = (MEMBERS * bets.length) / 2;
    const lotteries = [t.db.kysely, other.kysely].map((db) => new LotteryService(db, new Ledger(db), { settleBatchSize }));
    // Draw jobs only: the draw's settlement job is left to the race below.
    await sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`lottery.draw:${draw.drawId}`}`.execute(t.db.kysely);
    const drawer = new JobRunner(t.db.kysely, { batchSize: 100 });
    drawer.register(DRAW_JOB, ({ trx, payload }) =>
      (lotteries[0] as LotteryService).runDraw(trx, BigInt(String(payload.drawId))),
    );
    for (let round = 0; round < 20; round += 1) {
      const row = await t.db.kysely
        .selectFrom('lottery_draws')
        .select('status')
        .where('id', '=', drawId)
        .executeTakeFirstOrThrow();
      if (row.status === 'drawn') break;
      await drawer.runDue();
    }
    const { rows: batches } = await sql<{ from_id: string; to_id: string }>`
      SELECT payload->>'fromId' AS from_id, payload->>'toId' AS to_id FROM jobs
      WHERE kind = 'lottery.settle' AND payload->>'drawId' = ${draw.drawId} ORDER BY id`.execute(t.db.kysely);
    expect(batches).toHaveLength(2);
    const [fromId, toId] = [BigInt(batches[0]?.from_id as string), BigInt(batches[0]?.to_id as string)];
    const runs = await Promise.allSettled(
      [t.db.kysely, other.kysely].map((db, i) =>
        db.transaction().execute((trx) => (lotteries[i] as LotteryService).settleBatch(trx, drawId, fromId, toId)),
      ),
    );
    expect(runs.filter((run) => run.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    await t.db.kysely.transaction().execute((trx) => (lotteries[1] as LotteryService).settleBatch(trx, drawId, fromId, toId));
    await lotteryWorker(other.kysely).runDue();
    await expectSettledOnce(draw.drawId, MEMBERS * bets.length, members, 10n * 200n);
  });
  it('pays every winner exactly once when an instance dies in the middle of a settlement batch', async () => {
    const draw = await openDraw(t, SEA);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => fundedMember(t.db.kysely, 100_000n)));
    const bets: { bet: LotteryBet; stake: string }[] = Array.from({ length: 10 }, (_, digit) => ({
      bet: { type: 'digit' as const, position: 1, digit },
      stake: '400',
    }));
    for (const [i, member] of members.entries()) {
      const res = await (i % 2 === 0 ? t.app : second).inject({
        method: 'POST',
        url: SLIPS,
        headers: { authorization: member.token },
        payload: slip(SEA, draw.drawId, bets),
      });
      expect(res.statusCode).toBe(200);
    }
    const survivor = lotteryWorker(t.db.kysely, BATCH);
    await closeDraw(t.db.kysely, draw.drawId);
    await sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`lottery.draw:${draw.drawId}`}`.execute(t.db.kysely);
    await survivor.runDue();
    const drawn = await t.db.kysely
      .selectFrom('lottery_draws')
      .selectAll()
      .where('id', '=', BigInt(draw.drawId))
      .executeTakeFirstOrThrow();
    expect(drawn.status).toBe('drawn');

    // The dying instance settles one batch, then claims the rest and dies inside the next, its credits made but not
    // committed: on PostgreSQL its connection is cut as a killed process's is; PGlite can only roll the batch back.
    const dying = new JobRunner(other.kysely, { batchSize: 1 });
    const dyingLottery = new LotteryService(other.kysely, new Ledger(other.kysely), { settleBatchSize: BATCH });
    registerLotteryJobs(dying, dyingLottery);
    expect(await dying.runDue()).toBe(1);
    const claims = new JobRunner(other.kysely, { batchSize: 100 });
    registerLotteryJobs(claims, dyingLottery);
    // The claim may also take other draws' jobs that came due meanwhile: the batch to die in is one of this draw's.
    const claimed = (await claims.claim(LEASE_MS)).filter(
      (job) => job.kind === 'lottery.settle' && job.payload.drawId === draw.drawId,
    );
    expect(claimed.length).toBeGreaterThan(1);
    const job = claimed[0] as (typeof claimed)[number];
    const crash = other.kysely.transaction().execute(async (trx) => {
      await dyingLottery.settleBatch(
        trx,
        BigInt(draw.drawId),
        BigInt(String(job.payload.fromId)),
        BigInt(String(job.payload.toId)),
      );
      if (ON_POSTGRES) await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(trx);
      throw new Error('the instance died');
    });
    await expect(crash).rejects.toThrow();
    const unpaid = await t.db.kysely
      .selectFrom('lottery_tickets')
      .select('status')
      .where('draw_id', '=', BigInt(draw.drawId))
      .where('id', '>=', BigInt(String(job.payload.fromId)))
      .where('id', '<=', BigInt(String(job.payload.toId)))
      .execute();
    expect(unpaid.map((ticket) => ticket.status)).toEqual(unpaid.map(() => 'open'));

    // The other instance and the restarted one take the dead instance's batches over once its lease runs out.
    const restarted = lotteryWorker(other.kysely, BATCH);
    for (let round = 0; round < 400; round += 1) {
      const row = await t.db.kysely
        .selectFrom('lottery_draws')
        .select('status')
        .where('id', '=', BigInt(draw.drawId))
        .executeTakeFirstOrThrow();
      if (row.status === 'settled') break;
      const done = await Promise.all([survivor.runDue(), restarted.runDue()]);
      if (done.every((n) => n === 0)) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await expectSettledOnce(draw.drawId, MEMBERS * bets.length, members, 10n * 400n);
  });
});
