import type { ContractKind } from '@tessera/contract/agent-contracts';
import { FEATURES, setFeature } from '@tessera/contract/features';
import { PROCESS_ROUTES } from '@tessera/contract/routes/agent-contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import * as repo from './repo.js';

type Body = Record<string, unknown>;

const dividend = (rate: number, minValidBet = '0') => [{ minValidBet, minLoss: '0', minActiveMembers: 1, rate }];
const daily = (rate: number) => [{ minBetPerDay: '100000', minActiveMembers: 2, rate }];
const realTime = (profitRate: number, lossRate: number) => [{ minSingleBet: '1000', profitRate, lossRate }];

describe('agent contracts: the state machine, the rate ceiling and the auto-termination rule', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { REPORT_TIME_ZONE: 'UTC' } });
    await t.settings.update(
      DEMO_MERCHANT,
      'whitelabel',
      (tree) =>
        [FEATURES.dividend, FEATURES.dailySalary, FEATURES.realTimeSalary].reduce(
          (next, modId) => setFeature(next, modId, true) ?? next,
          tree,
        ),
      'test',
    );
    await t.settings.update(
      DEMO_MERCHANT,
      'agentContracts',
      (limits) => ({
        ...limits,
        dividend: { ...limits.dividend, ceilingRate: 2000, periods: ['daily', 'weekly', 'semiMonthly', 'monthly'] },
        dailySalary: { ...limits.dailySalary, ceilingRate: 100 },
        realTimeSalary: { ...limits.realTimeSalary, profitCeilingRate: 50, lossCeilingRate: 80 },
      }),
      'test',
    );
  });
  afterAll(() => t.close());

  /** One session per member (a new one would end the last), shared by calls made at once. */
  const sessions = new Map<bigint, Promise<string>>();
  const as = async (member: TestMember) => {
    if (!sessions.has(member.id)) sessions.set(member.id, sessionFor(t.db.kysely, member));
    return asMember(t.app, await (sessions.get(member.id) as Promise<string>));
  };
  const act = async (member: TestMember, kind: ContractKind, body: Body) => {
    const answer = await (await as(member))('POST', PROCESS_ROUTES[kind].path, body);
    return { status: answer.statusCode, body: answer.json() };
  };
  const offer = (upline: TestMember, downline: TestMember, kind: ContractKind, period: string, tiers: unknown[]) =>
    act(upline, kind, { action: 'offer', downline: downline.account, period, tiers });
  const offered = async (...args: Parameters<typeof offer>) => {
    const answer = await offer(...args);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.value.contract.id as string;
  };
  const page = async (member: TestMember, kind: ContractKind) =>
    (await (await as(member))('GET', `/wps/agent/contracts?kind=${kind}`)).json().value;
  /** A top agent with an agent under them and one under that. */
  const chain = async () => {
    const top = await newAgent(t.db.kysely);
    const middle = await newAgent(t.db.kysely, { parent: top });
    const bottom = await newAgent(t.db.kysely, { parent: middle });
    return { top, middle, bottom };
  };
  const activeCount = async (downline: TestMember, kind: ContractKind) => {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM agent_contracts WHERE downline_id = ${downline.id} AND kind = ${kind} AND status = 'active'`.execute(
      t.db.kysely,
    );
    return Number(rows[0]?.n);
  };

  it('offered → active on acceptance, with the chain above; a higher rate replaces it at once (spec §4), a lower one is refused', async () => {
    const { top, middle, bottom } = await chain();
    const first = await offered(top, middle, 'dividend', 'semiMonthly', dividend(500));
    expect((await (await as(middle))('GET', '/wps/agent/contracts/settings')).json().value.divtypereq).toMatchObject({
      enabled: true,
      received: 'offered',
      awaitingAnswer: true,
      ceiling: null,
    });
    const accepted = await act(middle, 'dividend', { action: 'accept', contractId: first });
    expect(accepted.status).toBe(200);
    expect(accepted.body.value.contract).toMatchObject({ status: 'active', upline: top.account, downline: middle.account });
    expect(accepted.body.value.contract.effectiveFrom).toBeGreaterThan(0);
    const [stored] = await repo.selectContracts(t.db.kysely, { merchantCode: DEMO_MERCHANT, id: BigInt(first) });
    expect(stored?.chain).toEqual([top.account]);

    const below = await offered(middle, bottom, 'dividend', 'monthly', dividend(300));
    expect((await act(bottom, 'dividend', { action: 'accept', contractId: below })).status).toBe(200);
    expect((await page(middle, 'dividend')).ceiling).toEqual({ rate: 500 });

    const lower = await offer(top, middle, 'dividend', 'semiMonthly', dividend(400));
    expect([lower.status, lower.body.code]).toEqual([409, 'contract.rate.not.higher']);
    const same = await offer(top, middle, 'dividend', 'semiMonthly', dividend(500));
    expect([same.status, same.body.code]).toEqual([409, 'contract.rate.not.higher']);

    const raise = await offered(top, middle, 'dividend', 'weekly', dividend(800));
    const replaced = await act(middle, 'dividend', { action: 'accept', contractId: raise });
    expect(replaced.status).toBe(200);
    expect(replaced.body.value.contract).toMatchObject({ id: raise, status: 'active' });
    expect(replaced.body.value.autoTerminated).toEqual([
      expect.objectContaining({ id: first, status: 'ended', endReason: 'superseded' }),
    ]);
    const old = replaced.body.value.autoTerminated[0];
    expect(old.effectiveTo).toBe(replaced.body.value.contract.effectiveFrom);
    // The contract below is within the new, higher ceiling: it stays.
    expect((await page(bottom, 'dividend')).received[0]).toMatchObject({ id: below, status: 'active' });
    expect(await activeCount(middle, 'dividend')).toBe(1);
  });

  it('the downline rejects an offer; one offer waits at a time; the upline withdraws one; nobody answers twice', async () => {
    const { top, middle } = await chain();
    const first = await offered(top, middle, 'dailySalary', 'daily', daily(50));
    const asUpline = await act(top, 'dailySalary', { action: 'accept', contractId: first });
    expect([asUpline.status, asUpline.body.code]).toEqual([409, 'contract.state.invalid']);
    const rejected = await act(middle, 'dailySalary', { action: 'reject', contractId: first });
    expect(rejected.body.value.contract).toMatchObject({ status: 'rejected', endReason: 'downline' });
    expect((await act(middle, 'dailySalary', { action: 'accept', contractId: first })).body.code).toBe('contract.state.invalid');

    const second = await offered(top, middle, 'dailySalary', 'daily', daily(60));
    const twice = await offer(top, middle, 'dailySalary', 'daily', daily(70));
    expect([twice.status, twice.body.code]).toEqual([409, 'contract.offer.pending']);
    const byDownline = await act(middle, 'dailySalary', { action: 'terminate', contractId: second });
    expect([byDownline.status, byDownline.body.code]).toEqual([409, 'contract.state.invalid']);
    const withdrawn = await act(top, 'dailySalary', { action: 'terminate', contractId: second });
    expect(withdrawn.body.value.contract).toMatchObject({ status: 'withdrawn', endReason: 'upline', effectiveFrom: null });
    expect((await act(middle, 'dailySalary', { action: 'accept', contractId: second })).body.code).toBe('contract.state.invalid');
    expect((await page(top, 'dailySalary')).offered.map((c: { status: string }) => c.status)).toEqual(['withdrawn', 'rejected']);
  });

  it('terminate: either side, effective at the end of the current period, taking the contracts below with it', async () => {
    const { top, middle, bottom } = await chain();
    const other = await newAgent(t.db.kysely, { parent: middle });
    const above = await offered(top, middle, 'dailySalary', 'daily', daily(80));
    await act(middle, 'dailySalary', { action: 'accept', contractId: above });
    const below = await offered(middle, bottom, 'dailySalary', 'daily', daily(40));
    await act(bottom, 'dailySalary', { action: 'accept', contractId: below });
    const pending = await offered(middle, other, 'dailySalary', 'daily', daily(30));

    const ended = await act(middle, 'dailySalary', { action: 'terminate', contractId: above });
    expect(ended.status).toBe(200);
    const midnight = new Date(new Date().toISOString().slice(0, 10)).getTime() + 24 * 3600_000;
    expect(ended.body.value.contract).toMatchObject({ status: 'ending', endReason: 'downline', effectiveTo: midnight });
    const cascade = Object.fromEntries(
      ended.body.value.autoTerminated.map((c: { id: string; status: string }) => [c.id, [c.status, c]]),
    );
    expect(cascade[below]?.[0]).toBe('ending');
    expect(cascade[below]?.[1]).toMatchObject({ endReason: 'ceiling', effectiveTo: midnight });
    expect(cascade[pending]?.[0]).toBe('withdrawn');
    const again = await act(top, 'dailySalary', { action: 'terminate', contractId: above });
    expect([again.status, again.body.code]).toEqual([409, 'contract.state.invalid']);
    // Ending, the middle agent holds nothing to share from now.
    const noCeiling = await offer(middle, other, 'dailySalary', 'daily', daily(10));
    expect([noCeiling.status, noCeiling.body.code]).toEqual([409, 'contract.rate.ceiling']);

    // A lower contract offered while the current one ends starts when it ends.
    const next = await offered(top, middle, 'dailySalary', 'daily', daily(60));
    const waiting = await act(middle, 'dailySalary', { action: 'accept', contractId: next });
    expect(waiting.body.value.contract).toMatchObject({ status: 'active', effectiveFrom: midnight });

    // The period passes: what was ending has ended.
    await sql`UPDATE agent_contracts SET effective_to = now() WHERE id IN (${BigInt(above)}, ${BigInt(below)})`.execute(
      t.db.kysely,
    );
    const received = (await page(bottom, 'dailySalary')).received;
    expect(received[0]).toMatchObject({ id: below, status: 'ended' });
    expect((await page(middle, 'dailySalary')).received.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [next, 'active'],
      [above, 'ended'],
    ]);

    // Terminated before it starts, a waiting contract never pays.
    const never = await act(top, 'dailySalary', { action: 'terminate', contractId: next });
    expect(never.body.value.contract).toMatchObject({
      status: 'ended',
      endReason: 'upline',
      effectiveFrom: midnight,
      effectiveTo: midnight,
    });
  });

  it('holds the rate ceiling: the merchant limit for a top agent, the upline’s own contract below it', async () => {
    const { top, middle, bottom } = await chain();
    const overLimit = await offer(top, middle, 'dividend', 'monthly', dividend(2001));
    expect([overLimit.status, overLimit.body.code]).toEqual([409, 'contract.rate.ceiling']);
    const nothingHeld = await offer(middle, bottom, 'dividend', 'monthly', dividend(100));
    expect([nothingHeld.status, nothingHeld.body.code]).toEqual([409, 'contract.rate.ceiling']);
    await act(middle, 'dividend', {
      action: 'accept',
      contractId: await offered(top, middle, 'dividend', 'monthly', dividend(600)),
    });
    const above = await offer(middle, bottom, 'dividend', 'monthly', [...dividend(300), ...dividend(601, '5000')]);
    expect([above.status, above.body.code]).toEqual([409, 'contract.rate.ceiling']);
    expect((await offer(middle, bottom, 'dividend', 'monthly', dividend(600))).status).toBe(200);

    const lossOver = await offer(top, middle, 'realTimeSalary', 'fiveMinutes', realTime(50, 81));
    expect([lossOver.status, lossOver.body.code]).toEqual([409, 'contract.rate.ceiling']);
    expect((await offer(top, middle, 'realTimeSalary', 'fiveMinutes', realTime(50, 80))).status).toBe(200);
  });

  it('refuses what no contract can be, each with its own code', async () => {
    const { top, middle, bottom } = await chain();
    const member = await newMember(t.db.kysely, { parentId: top.id });
    const cases: [TestMember, ContractKind, Body, number, string][] = [
      [
        top,
        'dividend',
        { action: 'offer', downline: bottom.account, period: 'monthly', tiers: dividend(100) },
        409,
        'contract.downline.invalid',
      ],
      [
        top,
        'dividend',
        { action: 'offer', downline: member.account, period: 'monthly', tiers: dividend(100) },
        409,
        'contract.downline.invalid',
      ],
      [top, 'dividend', { action: 'offer', period: 'monthly', tiers: dividend(100) }, 400, 'contract.request.incomplete'],
      [top, 'dividend', { action: 'accept' }, 400, 'contract.request.incomplete'],
      [
        top,
        'dailySalary',
        { action: 'offer', downline: middle.account, period: 'monthly', tiers: daily(10) },
        400,
        'contract.period.invalid',
      ],
      [
        top,
        'dividend',
        {
          action: 'offer',
          downline: middle.account,
          period: 'monthly',
          tiers: [...dividend(300, '5000'), ...dividend(200, '9000')],
        },
        400,
        'contract.tiers.invalid',
      ],
      [
        top,
        'dividend',
        { action: 'offer', downline: middle.account, period: 'monthly', tiers: [...dividend(300), ...dividend(400)] },
        400,
        'contract.tiers.invalid',
      ],
      [
        top,
        'hourlySalary',
        {
          action: 'offer',
          downline: middle.account,
          period: 'daily',
          tiers: [{ minBetPerHour: '1', minActiveMembers: 1, rate: 1 }],
        },
        403,
        'contract.kind.off',
      ],
      [
        member,
        'dividend',
        { action: 'offer', downline: middle.account, period: 'monthly', tiers: dividend(100) },
        403,
        'agent.not.agent',
      ],
      [
        top,
        'dividend',
        { action: 'offer', downline: middle.account, period: 'monthly', tiers: dividend(0) },
        400,
        'request.invalid',
      ],
    ];
    const answers = [];
    for (const [who, kind, body] of cases) answers.push(await act(who, kind, body));
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(
      cases.map(([, , , status, code]) => [status, code]),
    );
    expect(answers[5]?.body.value.fields).toEqual([{ field: '/tiers', key: 'contracts.problem.tier_rates', params: {} }]);

    const id = await offered(top, middle, 'dividend', 'monthly', dividend(100));
    const stranger = await newAgent(t.db.kysely);
    const unknown = await act(stranger, 'dividend', { action: 'accept', contractId: id });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'contract.unknown']);
    const wrongCall = await act(middle, 'dailySalary', { action: 'accept', contractId: id });
    expect([wrongCall.status, wrongCall.body.code]).toEqual([404, 'contract.unknown']);
  });

  it('never makes two active contracts of one kind for one agent, whatever arrives at once', async () => {
    const { top, middle } = await chain();
    const offers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => offer(top, middle, 'dividend', 'monthly', dividend(100 + index))),
    );
    expect(offers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(offers.map((answer) => answer.body.code).sort()).toEqual([...Array(5).fill('contract.offer.pending'), 'ok']);
    const id = offers.find((answer) => answer.status === 200)?.body.value.contract.id;
    const accepts = await Promise.all(
      Array.from({ length: 4 }, () => act(middle, 'dividend', { action: 'accept', contractId: id })),
    );
    expect(accepts.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await activeCount(middle, 'dividend')).toBe(1);

    // A raise accepted and rejected at once: one answer holds, and at most one contract is active.
    const raise = await offered(top, middle, 'dividend', 'monthly', dividend(900));
    const answers = await Promise.all([
      act(middle, 'dividend', { action: 'accept', contractId: raise }),
      act(middle, 'dividend', { action: 'reject', contractId: raise }),
      act(middle, 'dividend', { action: 'accept', contractId: raise }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await activeCount(middle, 'dividend')).toBe(1);
  });

  it('counts periods in the report time zone: the end of the 5 minutes, day, week, half month and month', async () => {
    const at = new Date('2026-03-16T20:02:00Z'); // 02:02 on Tuesday 17 March in Dhaka
    const ends = async (period: Parameters<typeof repo.periodEnd>[1], when = at) =>
      (await repo.periodEnd(t.db.kysely, period, when, 'Asia/Dhaka')).toISOString();
    expect(await ends('fiveMinutes')).toBe('2026-03-16T20:05:00.000Z');
    expect(await ends('daily')).toBe('2026-03-17T18:00:00.000Z');
    expect(await ends('weekly')).toBe('2026-03-22T18:00:00.000Z');
    expect(await ends('semiMonthly')).toBe('2026-03-31T18:00:00.000Z');
    expect(await ends('semiMonthly', new Date('2026-03-14T20:00:00Z'))).toBe('2026-03-15T18:00:00.000Z');
    expect(await ends('monthly')).toBe('2026-03-31T18:00:00.000Z');
  });

  it('keeps the merchant’s templates to rising tiers', async () => {
    const falling = [
      { minBetPerDay: '100', minActiveMembers: 1, rate: 20 },
      { minBetPerDay: '50', minActiveMembers: 1, rate: 30 },
    ];
    await expect(
      t.settings.update(
        DEMO_MERCHANT,
        'agentContracts',
        (l) => ({ ...l, dailySalary: { ...l.dailySalary, template: falling } }),
        'test',
      ),
    ).rejects.toMatchObject({ reasons: [expect.stringContaining('contracts.problem.tier_order')] });
  });

  it('lists contracts in the back office and lets an operator end one, audited; the permission is its own', async () => {
    const { top, middle } = await chain();
    const id = await offered(top, middle, 'dividend', 'monthly', dividend(150));
    await act(middle, 'dividend', { action: 'accept', contractId: id });
    const owner = await enrolledStaff(t.app, t.services, 'contract.owner', 'owner');
    const support = await enrolledStaff(t.app, t.services, 'contract.support', 'support');

    const list = await t.app.inject({
      url: `/bo/api/agent-contracts?account=${middle.account}&kind=dividend`,
      headers: { authorization: support.token },
    });
    expect(list.json().value).toMatchObject({
      total: 1,
      contracts: [{ id, status: 'active', upline: top.account, downline: middle.account, chain: [top.account] }],
    });
    const refused = await post(t.app, '/bo/api/agent-contracts/terminate', { id, reason: 'fraud check' }, support.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'staff.permission.denied']);
    const done = await post(t.app, '/bo/api/agent-contracts/terminate', { id, reason: 'fraud check' }, owner.token);
    expect(done.status).toBe(200);
    expect(done.body.value.contract).toMatchObject({ id, status: 'ending', endReason: 'operator' });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor', 'target'])
      .where('action', '=', 'agent.contract.terminate')
      .execute();
    expect(audit).toContainEqual({ action: 'agent.contract.terminate', actor: 'contract.owner', target: `dividend:${id}` });
    const unknown = await post(t.app, '/bo/api/agent-contracts/terminate', { id: '999999999', reason: 'nope' }, owner.token);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'contract.unknown']);
  });
});
