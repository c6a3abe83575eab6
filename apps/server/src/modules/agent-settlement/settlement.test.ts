import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { loadConfig } from '../../platform/config.js';
import type { Services } from '../../services.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import type { Ledger } from '../ledger/service.js';
import { ledgerViolations } from '../ledger/test/invariants.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import { AgentSettlementService } from './service.js';
import { contract, contractsOn, mainBalance, player, round } from './test/kit.js';

const DAY_MINUTES = 24 * 60;
const ENV = { REPORT_TIME_ZONE: 'UTC', AGENT_SETTLEMENT_TEST_CLOCK: 'on' };

async function statementsOf(db: Kysely<Database>, contractId: bigint) {
  return db.selectFrom('agent_settlements').selectAll().where('contract_id', '=', contractId).orderBy('period_start').execute();
}
const sum = (rows: { amount: bigint }[]) => rows.reduce((total, row) => total + row.amount, 0n);

/** The ledger transfers paying a contract's periods: one per period, ever. */
async function paymentsOf(db: Kysely<Database>, contractId: bigint) {
  const { rows } = await sql<{ key: string; n: number }>`
    SELECT idempotency_key AS key, count(*)::int AS n FROM ledger_transfers
    WHERE idempotency_key LIKE ${`agent-settlement:${contractId}:%`} GROUP BY idempotency_key`.execute(db);
  return rows;
}

describe('settlement of agent contracts', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let other: Db;
  let second: FastifyInstance;
  let secondServices: Services;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    other = await t.db.reopen();
    second = await buildApp({
      config: loadConfig({ ...ENV, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      db: other,
      extend: (_app, services) => {
        secondServices = services;
      },
    });
    await second.ready();
    // The tests settle through the service; the instances' own job loops would only race them (which is fine, but noisy).
    await Promise.all([t.services.jobs.stop(), secondServices.jobs.stop()]);
    await contractsOn(t.services);
    staff = (await enrolledStaff(t.app, t.services, 'settler', 'owner')).token;
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.services.agentSettlement.advanceClock(null);
  });

  const settle = () => t.services.agentSettlement.settleNow();
  const advance = (minutes: number) => t.services.agentSettlement.advanceClock(minutes * 60_000);
  const agentCall = async (member: TestMember, url: string) => {
    const answer = await t.app.inject({ method: 'GET', url, headers: { authorization: await sessionFor(t.db.kysely, member) } });
    return { status: answer.statusCode, body: answer.json() };
  };
  const review = (id: bigint, action: string, reason?: string) =>
    post(t.app, '/bo/api/agent-settlements/action', { id: String(id), action, ...(reason ? { reason } : {}) }, staff);

  it('pays real-time salary per counted bet, at the profit or loss rate of the tier its stake meets', async () => {
    const top = await newAgent(t.db.kysely);
    const agent = await newAgent(t.db.kysely, { parent: top });
    const id = await contract(t.services, top, agent, 'realTimeSalary', 'fiveMinutes', [
      { minSingleBet: '1000', profitRate: 100, lossRate: 200 },
      { minSingleBet: '5000', profitRate: 150, lossRate: 300 },
    ]);
    const member = await player(t.db.kysely, agent);
    await round(t.db.kysely, member, 2000n, 5000n); // won, tier 1: 1 %
    await round(t.db.kysely, member, 3000n); // lost, tier 1: 2 %
    await round(t.db.kysely, member, 6000n, 1000n); // lost (paid back less than staked), tier 2: 3 %
    await round(t.db.kysely, member, 500n); // below every tier's single bet: not counted
    await advance(10);
    await settle();

    const statements = await statementsOf(t.db.kysely, id);
    expect(sum(statements)).toBe(20n + 60n + 180n);
    expect(statements.every((row) => row.status === 'paid')).toBe(true);
    const lines = statements.flatMap((row) => row.lines as unknown as { part: string; tier: number; count: number }[]);
    expect(lines.map((line) => `${line.part}:${line.tier}`).sort()).toEqual(['lost:1', 'lost:2', 'won:1'].sort());
    expect(await mainBalance(t.db.kysely, agent)).toBe(260n);
    expect((await paymentsOf(t.db.kysely, id)).every((row) => row.n === 1)).toBe(true);
    await t.services.agentContracts.operatorTerminate(DEMO_MERCHANT, id, 'test over', {
      actor: 'test',
      kind: 'system',
      ip: null,
    });
  });

  it('settles each closed day once from the team of the day; an upline is paid its share less its downline’s', async () => {
    const top = await newAgent(t.db.kysely);
    const middle = await newAgent(t.db.kysely, { parent: top });
    const low = await newAgent(t.db.kysely, { parent: middle });
    const tiers = (rate: number) => [{ minValidBet: '0', minLoss: '0', minActiveMembers: 1, rate }];
    const middleDividend = await contract(t.services, top, middle, 'dividend', 'daily', tiers(1000));
    const lowDividend = await contract(t.services, middle, low, 'dividend', 'daily', tiers(600));
    const salary = await contract(t.services, top, middle, 'dailySalary', 'daily', [
      { minBetPerDay: '1000', minActiveMembers: 2, rate: 50 },
      { minBetPerDay: '1000000', minActiveMembers: 2, rate: 90 },
    ]);
    const hourly = await contract(t.services, top, middle, 'hourlySalary', 'daily', [
      { minBetPerHour: '1', minActiveMembers: 1, rate: 100 },
    ]);
    const underLow = await player(t.db.kysely, low);
    const underMiddle = await player(t.db.kysely, middle);
    const outside = await player(t.db.kysely, top);
    await round(t.db.kysely, underLow, 10_000n);
    await round(t.db.kysely, underMiddle, 8000n, 3000n);
    await round(t.db.kysely, outside, 7000n);

    await advance(DAY_MINUTES + 5);
    const [first, again] = [await settle(), await settle()];
    expect(first.statements).toBeGreaterThanOrEqual(4);
    expect(again).toEqual({ statements: 0, paid: 0n });

    // Low's team lost 10,000: 6 % of it. Middle's team (low's included) lost 15,000: 10 % less low's 600.
    expect(sum(await statementsOf(t.db.kysely, lowDividend))).toBe(600n);
    const dividends = await statementsOf(t.db.kysely, middleDividend);
    expect(sum(dividends)).toBe(900n);
    expect(dividends.reduce((total, row) => total + row.downline_paid, 0n)).toBe(600n);
    // 18,000 of valid bets by two members: the first tier, 0.5 %; hourly 1 % of every hour's bets.
    const salaries = await statementsOf(t.db.kysely, salary);
    expect(sum(salaries)).toBe(90n);
    expect(salaries.find((row) => row.valid_bet > 0n)).toMatchObject({ tier: 1, rate: 50, team_size: 3, active_members: 2 });
    expect(sum(await statementsOf(t.db.kysely, hourly))).toBe(180n);
    expect(await mainBalance(t.db.kysely, middle)).toBe(900n + 90n + 180n);
    expect(await mainBalance(t.db.kysely, low)).toBe(600n);
    for (const id of [middleDividend, lowDividend, salary, hourly]) {
      for (const payment of await paymentsOf(t.db.kysely, id)) expect(payment.n).toBe(1);
    }
    expect(await ledgerViolations(t.db.kysely)).toEqual([]);

    // Recomputed for audit, each statement is the one paid.
    for (const row of [...dividends, ...salaries]) {
      const audit = await t.services.agentSettlement.recompute(DEMO_MERCHANT, row.id);
      expect(audit.recomputed).toEqual(audit.stored);
    }

    // "My income": the agent's own statements and totals; another agent's statement is unknown; a player is refused.
    const income = await agentCall(middle, '/wps/agent/income');
    expect(income.status).toBe(200);
    expect(income.body.value.totals).toEqual({ paidMinor: '1170', pendingMinor: '0', heldMinor: '0' });
    const shown = income.body.value.statements.find(
      (row: { kind: string; amountMinor: string }) => row.kind === 'dividend' && row.amountMinor !== '0',
    );
    expect(shown).toMatchObject({ upline: top.account, agent: middle.account, status: 'paid', rate: 1000, tier: 1 });
    const detail = await agentCall(middle, `/wps/agent/income/statement?id=${shown.id}`);
    expect(detail.body.value).toEqual(shown);
    const lows = await statementsOf(t.db.kysely, lowDividend);
    const foreign = await agentCall(middle, `/wps/agent/income/statement?id=${lows[0]?.id}`);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'settlement.unknown']);
    const refused = await agentCall(await newMember(t.db.kysely), '/wps/agent/income');
    expect([refused.status, refused.body.code]).toEqual([403, 'agent.not.agent']);
  });

  it('with review on, a statement waits for the operator: hold, release, approve pays it once; reject needs a reason', async () => {
    await t.settings.set(DEMO_MERCHANT, 'agents', { showDownlineBalance: false, reviewSettlements: true }, 'test');
    try {
      const top = await newAgent(t.db.kysely);
      const agent = await newAgent(t.db.kysely, { parent: top });
      const tiers = [{ minBetPerDay: '1', minActiveMembers: 1, rate: 100 }];
      const id = await contract(t.services, top, agent, 'dailySalary', 'daily', tiers);
      await round(t.db.kysely, await player(t.db.kysely, agent), 50_000n);
      await advance(DAY_MINUTES + 5);
      await settle();
      const waiting = (await statementsOf(t.db.kysely, id)).filter((row) => row.amount > 0n);
      expect(waiting.map((row) => row.status)).toEqual(['review']);
      const statement = waiting[0] as (typeof waiting)[number];
      expect(await mainBalance(t.db.kysely, agent)).toBe(0n);

      const queue = await t.app.inject({
        method: 'GET',
        url: `/bo/api/agent-settlements?status=review&agent=${agent.account}`,
        headers: { authorization: staff },
      });
      expect(queue.json().value).toMatchObject({ total: 1, totals: { pendingMinor: '500' } });
      // The run that computed it lists it, and opens on its statements.
      const runs = await t.app.inject({
        method: 'GET',
        url: '/bo/api/agent-settlements/runs',
        headers: { authorization: staff },
      });
      const [latest] = runs.json().value.runs;
      expect(latest).toMatchObject({ statements: expect.any(Number), paidMinor: '0' });
      expect(BigInt(latest.amountMinor)).toBeGreaterThanOrEqual(500n);
      const ofRun = await t.app.inject({
        method: 'GET',
        url: `/bo/api/agent-settlements?run=${latest.id}&agent=${agent.account}`,
        headers: { authorization: staff },
      });
      expect(ofRun.json().value.statements.map((row: { id: string }) => row.id)).toEqual([String(statement.id)]);
      const otherRun = await t.app.inject({
        method: 'GET',
        url: `/bo/api/agent-settlements?run=${BigInt(latest.id) + 1n}&agent=${agent.account}`,
        headers: { authorization: staff },
      });
      expect(otherRun.json().value.total).toBe(0);
      expect((await review(statement.id, 'hold', 'checking the team')).body.value.status).toBe('held');
      expect((await review(statement.id, 'approve')).body.code).toBe('settlement.state.invalid');
      expect((await review(statement.id, 'reject')).body.code).toBe('settlement.reason.required');
      expect((await review(statement.id, 'release')).body.value.status).toBe('review');
      const [approved, twice] = await Promise.all([review(statement.id, 'approve'), review(statement.id, 'approve')]);
      expect([approved.status, twice.status].sort()).toEqual([200, 409]);
      expect(await mainBalance(t.db.kysely, agent)).toBe(500n);
      expect(await paymentsOf(t.db.kysely, id)).toEqual([{ key: expect.any(String), n: 1 }]);
      const audits = await t.db.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `settlement:${statement.id}`)
        .orderBy('seq')
        .execute();
      expect(audits.map((row) => row.action)).toEqual([
        'agent.settlement.hold',
        'agent.settlement.release',
        'agent.settlement.approve',
      ]);
      const csv = await t.app.inject({
        method: 'GET',
        url: `/bo/api/agent-settlements/export?agent=${agent.account}`,
        headers: { authorization: staff },
      });
      expect(csv.json().value.csv).toContain(`${statement.id},${id},dailySalary,${agent.account},${top.account}`);
    } finally {
      await t.settings.set(DEMO_MERCHANT, 'agents', { showDownlineBalance: false, reviewSettlements: false }, 'test');
    }
  });

  it('settles a batch around a contract whose figures meet no tier and one whose payment the ledger refuses', async () => {
    const top = await newAgent(t.db.kysely);
    const agents = await Promise.all([1, 2, 3, 4].map(() => newAgent(t.db.kysely, { parent: top })));
    const paying = [{ minBetPerDay: '1000', minActiveMembers: 1, rate: 100 }];
    const ids: bigint[] = [];
    for (const [index, agent] of agents.entries()) {
      const tiers = index === 0 ? [{ minBetPerDay: '1000000', minActiveMembers: 1, rate: 100 }] : paying;
      ids.push(await contract(t.services, top, agent, 'dailySalary', 'daily', tiers));
      await round(t.db.kysely, await player(t.db.kysely, agent), 10_000n + BigInt(index) * 1000n);
    }
    // The key the second contract's payment will carry is already taken by another request: the ledger refuses it.
    const second = await t.db.kysely
      .selectFrom('agent_contracts')
      .select('effective_from')
      .where('id', '=', ids[1] as bigint)
      .executeTakeFirstOrThrow();
    await t.db.kysely.transaction().execute((trx) =>
      t.services.ledger.transfer(
        {
          merchant: DEMO_MERCHANT,
          from: { kind: 'house', purpose: 'promotions' },
          to: { kind: 'member_main', memberId: (agents[1] as TestMember).id },
          amount: 1n,
          kind: 'bonus',
          cause: { type: 'job', id: 'taken' },
          idempotencyKey: `agent-settlement:${ids[1]}:${(second.effective_from as Date).getTime()}`,
        },
        trx,
      ),
    );
    await advance(DAY_MINUTES + 5);
    await settle();

    const statements = await Promise.all(ids.map(async (id) => (await statementsOf(t.db.kysely, id)).at(-1)));
    expect(statements.map((row) => [row?.status, row?.tier, row?.amount])).toEqual([
      ['nothing', null, 0n],
      ['held', 1, 110n],
      ['paid', 1, 120n],
      ['paid', 1, 130n],
    ]);
    expect(statements[1]?.reason).toBe('ledger: ledger.idempotency.conflict');
    expect(statements[1]?.transfer_id).toBeNull();
    expect(await Promise.all(agents.map((agent) => mainBalance(t.db.kysely, agent)))).toEqual([0n, 1n, 120n, 130n]);
    expect(await ledgerViolations(t.db.kysely)).toEqual([]);
    // Settled once: the held statement is the operator's now, and a rerun writes nothing more.
    expect(await settle()).toEqual({ statements: 0, paid: 0n });
    expect((await review(statements[1]?.id as bigint, 'reject', 'paid by hand')).body.value.status).toBe('rejected');
  });

  it('pays the others alone when the ledger batch fails as a whole, and holds only the credit that fails', async () => {
    const top = await newAgent(t.db.kysely);
    const agents = await Promise.all([1, 2, 3].map(() => newAgent(t.db.kysely, { parent: top })));
    const tiers = [{ minBetPerDay: '1', minActiveMembers: 1, rate: 100 }];
    const ids: bigint[] = [];
    for (const agent of agents) {
      ids.push(await contract(t.services, top, agent, 'dailySalary', 'daily', tiers));
      await round(t.db.kysely, await player(t.db.kysely, agent), 10_000n);
    }
    // A ledger whose batch statement fails whenever it holds the first agent's credit (an account it cannot write).
    const failing = (agents[0] as TestMember).id;
    const ledger = Object.create(t.services.ledger) as Ledger;
    ledger.creditEach = async (credits, trx) => {
      if (credits.some((credit) => credit.to.kind === 'member_main' && credit.to.memberId === failing)) {
        await sql`SELECT 1 / 0`.execute(trx);
      }
      return t.services.ledger.creditEach(credits, trx);
    };
    const settlement = new AgentSettlementService(t.db.kysely, {
      ledger,
      agents: t.services.agents,
      agentContracts: t.services.agentContracts,
      reviews: async () => false,
      testClock: true,
      timeZone: 'UTC',
    });
    await advance(DAY_MINUTES + 5);
    await settlement.settleNow();

    const statements = await Promise.all(ids.map(async (id) => (await statementsOf(t.db.kysely, id)).at(-1)));
    expect(statements.map((row) => [row?.status, row?.reason, row?.amount])).toEqual([
      ['held', 'ledger: the credit failed', 100n],
      ['paid', null, 100n],
      ['paid', null, 100n],
    ]);
    expect(await Promise.all(agents.map((agent) => mainBalance(t.db.kysely, agent)))).toEqual([0n, 100n, 100n]);
    expect(await ledgerViolations(t.db.kysely)).toEqual([]);
  });

  it('pays a period once when two instances settle at the same time', async () => {
    const top = await newAgent(t.db.kysely);
    const agents = await Promise.all([1, 2, 3].map(() => newAgent(t.db.kysely, { parent: top })));
    const tiers = [{ minBetPerDay: '1', minActiveMembers: 1, rate: 200 }];
    const ids = [];
    for (const agent of agents) {
      ids.push(await contract(t.services, top, agent, 'dailySalary', 'daily', tiers));
      await round(t.db.kysely, await player(t.db.kysely, agent), 10_000n);
    }
    await advance(DAY_MINUTES + 5);
    await Promise.all([
      t.services.agentSettlement.settleNow(),
      secondServices.agentSettlement.settleNow(),
      t.services.agentSettlement.settleNow(),
    ]);
    for (const [index, id] of ids.entries()) {
      expect(sum(await statementsOf(t.db.kysely, id))).toBe(200n);
      expect((await paymentsOf(t.db.kysely, id)).every((row) => row.n === 1)).toBe(true);
      expect(await mainBalance(t.db.kysely, agents[index] as TestMember)).toBe(200n);
    }
  });
});
