import { register } from '@tessera/contract/api/accounts';
import { registerDownline } from '@tessera/contract/api/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { moneyMoves, rollUpAll } from '../reports/test/kit.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';
import { enrolledStaff, post } from '../staff/test/kit.js';

const today = () => new Date().toISOString().slice(0, 10);

describe('the downline tree and the agent centre', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { REPORT_TIME_ZONE: 'UTC' } });
  });
  afterAll(() => t.close());

  const as = async (m: TestMember) => asMember(t.app, await sessionFor(t.db.kysely, m));
  /** Ten agents, each under the one before, and a member under the last. */
  const chainOfTen = async () => {
    const agents: TestMember[] = [await newAgent(t.db.kysely)];
    for (let level = 1; level < 10; level += 1) agents.push(await newAgent(t.db.kysely, { parent: agents[level - 1] }));
    const member = await newMember(t.db.kysely, { parentId: agents[9]!.id });
    return { agents, member };
  };

  it('answers everyone under an agent and the chain above a member at depth 10, each in one query', async () => {
    const { agents, member } = await chainOfTen();
    const chain = await t.services.agents.chainAbove(member.id);
    expect(chain.map((link) => [link.account, link.depth])).toEqual(
      [...agents].reverse().map((agent, index) => [agent.account, index + 1]),
    );
    const top = await (await as(agents[0]!))('GET', '/wps/agent/team/members?pageSize=20');
    expect(top.statusCode).toBe(200);
    const team = top.json().value;
    expect(team.total).toBe(10);
    expect(team.members.map((m: { account: string; level: number }) => [m.account, m.level])).toEqual([
      ...agents.slice(1).map((agent, index) => [agent.account, index + 1]),
      [member.account, 10],
    ]);
    expect(team.members[0].balance).toBeNull();

    const detail = await (await as(agents[0]!))('GET', `/wps/agent/team/member?id=${member.id}`);
    expect(detail.json().value).toMatchObject({
      member: { account: member.account, level: 10 },
      chain: agents.map((agent) => agent.account),
      teamSize: 0,
    });
    // A member of someone else's team is answered like an unknown one.
    const outsider = await newMember(t.db.kysely);
    const other = await (await as(agents[0]!))('GET', `/wps/agent/team/member?id=${outsider.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'agent.member.unknown' });
    // The bottom agent sees their one member only; a prefix search narrows the top agent's list.
    const bottom = (await (await as(agents[9]!))('GET', '/wps/agent/team/members')).json().value;
    expect(bottom.members.map((m: { account: string }) => m.account)).toEqual([member.account]);
    const found = (await (await as(agents[0]!))('GET', `/wps/agent/team/members?q=${member.account.slice(0, 8)}`)).json().value;
    expect(found.members.map((m: { account: string }) => m.account)).toContain(member.account);
    expect(found.total).toBeLessThan(10);
  });

  it('shows downline balances only where the merchant allows it', async () => {
    const agent = await newAgent(t.db.kysely);
    const member = await newMember(t.db.kysely, { parentId: agent.id });
    await moneyMoves(t.db.kysely).deposit(member.id, 12_345n);
    const balances = async () =>
      ((await (await as(agent))('GET', '/wps/agent/team/members')).json().value as { members: { balance: string | null }[] })
        .members[0]?.balance;
    expect(await balances()).toBeNull();
    await t.services.siteSettings.set(DEMO_MERCHANT, 'agents', { showDownlineBalance: true, reviewSettlements: false }, 'test');
    try {
      expect(await balances()).toBe('12345');
    } finally {
      await t.services.siteSettings.set(
        DEMO_MERCHANT,
        'agents',
        { showDownlineBalance: false, reviewSettlements: false },
        'test',
      );
    }
  });

  it('refuses every agent-centre call to a non-agent with the spec message', async () => {
    const player = await newMember(t.db.kysely);
    const call = await as(player);
    for (const url of [
      '/wps/agent/centre',
      '/wps/agent/team/members',
      `/wps/agent/team/overview?fromDay=${today()}&toDay=${today()}`,
    ]) {
      const response = await call('GET', url);
      expect([url, response.statusCode, response.json().message]).toEqual([url, 403, 'errors.agent_not_agent']);
    }
  });

  it('puts a member who signs up with an agent’s code under that agent, and lets the agent register one', async () => {
    const upper = await newAgent(t.db.kysely);
    const agent = await newAgent(t.db.kysely, { parent: upper });
    const signUp = await sealedInject(t.app, register, {
      username: `via${agent.affiliateCode.toLowerCase()}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      termsAccepted: true,
      ageConsent: true,
      affiliateCode: agent.affiliateCode,
    });
    expect(signUp.statusCode).toBe(200);
    const joined = BigInt(signUp.json().value.id);
    expect((await t.services.agents.chainAbove(joined)).map((link) => link.account)).toEqual([agent.account, upper.account]);

    const token = await sessionFor(t.db.kysely, agent);
    const created = await sealedInject(
      t.app,
      registerDownline,
      { kind: 'agent', username: 'subagent01', password: 'Secret123', confirmPassword: 'Secret123' },
      { headers: { authorization: token } },
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().value).toMatchObject({ account: 'subagent01', level: 1, agentType: 1 });
    const refused = await sealedInject(
      t.app,
      registerDownline,
      { kind: 'member', username: 'subagent01', password: 'Secret123', confirmPassword: 'Secret12' },
      { headers: { authorization: token } },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().value.fields.map((f: { field: string }) => f.field)).toEqual(['body/confirmPassword']);
    const centre = (await asMember(t.app, token)('GET', '/wps/agent/centre')).json().value;
    expect(centre).toMatchObject({ account: agent.account, inviteCode: agent.affiliateCode, teamSize: 2, directCount: 2 });
    expect((await t.services.agents.chainAbove(BigInt(created.json().value.id))).map((link) => link.account)).toEqual([
      agent.account,
      upper.account,
    ]);
  });

  it('sums the team overview from the downline’s deposits, bets and wins', async () => {
    const agent = await newAgent(t.db.kysely);
    const direct = await newMember(t.db.kysely, { parentId: agent.id });
    const sub = await newAgent(t.db.kysely, { parent: agent });
    const deep = await newMember(t.db.kysely, { parentId: sub.id });
    const stranger = await newMember(t.db.kysely);
    const moves = moneyMoves(t.db.kysely);
    await moves.deposit(direct.id, 50_000n);
    await moves.deposit(deep.id, 20_000n);
    await moves.deposit(stranger.id, 99_000n);
    await moves.bet(direct.id, 10_000n, 'HOUSE', 'slot');
    await rollUpAll(t.db.kysely, t.services.reports);
    // After the roll-up: read live, and counted once with what the summaries hold.
    await moves.bet(deep.id, 5_000n, 'HOUSE', 'slot');
    await moves.win(deep.id, 12_000n, 'HOUSE', 'slot');
    const overview = (await (await as(agent))('GET', `/wps/agent/team/overview?fromDay=${today()}&toDay=${today()}`)).json()
      .value;
    expect(overview).toMatchObject({
      teamSize: 3,
      activeMembers: 2,
      totals: {
        newMembers: 3,
        firstDeposits: 2,
        deposits: '70000',
        depositCount: 2,
        validBets: '15000',
        betCount: 2,
        profit: '-3000',
      },
    });
    expect(overview.days).toHaveLength(1);
    const wide = await (await as(agent))('GET', `/wps/agent/team/overview?fromDay=2026-01-01&toDay=2026-12-31`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().code).toBe('agent.range.invalid');
  });

  it('moves a member with their downline in an audited back-office action and keeps the past with the old agent', async () => {
    const staff = await enrolledStaff(t.app, t.services, 'agent.mover', 'owner');
    const oldAgent = await newAgent(t.db.kysely);
    const newUpline = await newAgent(t.db.kysely);
    const moved = await newAgent(t.db.kysely, { parent: oldAgent });
    const below = await newMember(t.db.kysely, { parentId: moved.id });
    const before = new Date(Date.now() - 1000);

    const loop = await post(
      t.app,
      '/bo/api/agents/move',
      { member: oldAgent.account, toAgent: below.account, reason: 'test' },
      staff.token,
    );
    expect([loop.status, loop.body.code]).toEqual([409, 'agent.move.invalid']);
    const underOwn = await post(
      t.app,
      '/bo/api/agents/move',
      { member: oldAgent.account, toAgent: moved.account, reason: 'test' },
      staff.token,
    );
    expect([underOwn.status, underOwn.body.code]).toEqual([409, 'agent.move.invalid']);

    const done = await post(
      t.app,
      '/bo/api/agents/move',
      { member: moved.account, toAgent: newUpline.account, reason: 'agent request' },
      staff.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject({
      member: moved.account,
      from: oldAgent.account,
      to: newUpline.account,
      movedMembers: 2,
    });
    const after = new Date(Date.now() + 1000);

    expect((await t.services.agents.chainAbove(below.id)).map((link) => link.account)).toEqual([
      moved.account,
      newUpline.account,
    ]);
    const oldTeam = (await (await as(oldAgent))('GET', '/wps/agent/team/members')).json().value;
    expect(oldTeam.total).toBe(0);
    const newTeam = (await (await as(newUpline))('GET', '/wps/agent/team/members')).json().value;
    expect(newTeam.members.map((m: { account: string; level: number }) => [m.account, m.level])).toEqual([
      [moved.account, 1],
      [below.account, 2],
    ]);
    // The period before the move is still the old agent's; a period after it is the new one's alone.
    const past = await t.services.agents.teamDuring(oldAgent.id, before, after);
    expect(past.map((row) => row.descendant_id).sort()).toEqual([moved.id, below.id].sort());
    const later = new Date(Date.now() + 60_000);
    expect(await t.services.agents.teamDuring(oldAgent.id, after, later)).toEqual([]);
    expect((await t.services.agents.teamDuring(newUpline.id, after, later)).length).toBe(2);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target', 'before', 'after'])
      .where('action', '=', 'agent.move')
      .where('target', '=', moved.account)
      .execute();
    expect(audit).toEqual([
      {
        actor: 'agent.mover',
        action: 'agent.move',
        target: moved.account,
        before: { upline: oldAgent.account },
        after: { upline: newUpline.account, movedMembers: 2, reason: 'agent request' },
      },
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/bo/api/agents/moves?member=${moved.account}`,
      headers: { authorization: staff.token },
    });
    expect(list.json().value.moves).toEqual([
      expect.objectContaining({ member: moved.account, by: 'agent.mover', reason: 'agent request' }),
    ]);
    const agents = await t.app.inject({
      method: 'GET',
      url: `/bo/api/agents?q=${newUpline.account}`,
      headers: { authorization: staff.token },
    });
    expect(agents.json().value.agents).toEqual([
      expect.objectContaining({ account: newUpline.account, teamSize: 2, directCount: 1 }),
    ]);
  });
});
