import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { moneyMoves, rollUpAll } from '../reports/test/kit.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';
import { enrolledStaff } from '../staff/test/kit.js';

const today = () => new Date().toISOString().slice(0, 10);
const range = () => `fromDay=${today()}&toDay=${today()}`;
const staff = { actor: 'tester', kind: 'staff' as const, ip: '127.0.0.1' };

describe('the agent centre’s read pages', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { REPORT_TIME_ZONE: 'UTC' } });
  });
  afterAll(() => t.close());

  const as = async (m: TestMember) => asMember(t.app, await sessionFor(t.db.kysely, m));
  const get = async (m: TestMember, url: string) => {
    const response = await (await as(m))('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value;
  };
  const bonus = (memberId: bigint, amount: bigint) =>
    moneyMoves(t.db.kysely).ledger.transfer({
      merchant: DEMO_MERCHANT,
      cause: { type: 'member', id: 'test' },
      from: { kind: 'house', purpose: 'promotions' },
      to: { kind: 'member_main', memberId },
      amount,
      kind: 'bonus',
      idempotencyKey: `bonus:${randomUUID()}`,
    });

  /** An agent with a direct member and a sub-agent with a member of their own; money moved before and after a roll-up. */
  async function playedTeam() {
    const agent = await newAgent(t.db.kysely);
    const direct = await newMember(t.db.kysely, { parentId: agent.id });
    const sub = await newAgent(t.db.kysely, { parent: agent });
    const deep = await newMember(t.db.kysely, { parentId: sub.id });
    const stranger = await newMember(t.db.kysely);
    const moves = moneyMoves(t.db.kysely);
    for (const member of [direct, deep, stranger]) await moves.deposit(member.id, 50_000n);
    await moves.bet(direct.id, 1_000n, 'VNDA', 'ga');
    await moves.win(direct.id, 2_500n, 'VNDA', 'ga');
    await moves.bet(stranger.id, 9_000n, 'VNDA', 'ga');
    await rollUpAll(t.db.kysely, t.services.reports);
    // The live part after the summaries counts as well.
    await moves.bet(deep.id, 300n, 'VNDB', 'gb');
    await moves.bet(direct.id, 200n, 'VNDB', 'gb');
    await bonus(direct.id, 500n);
    return { agent, direct, sub, deep, stranger };
  }
  /** One played team for the reads that change nothing. */
  let shared: ReturnType<typeof playedTeam> | undefined;
  const readTeam = () => {
    shared ??= playedTeam();
    return shared;
  };

  it('answers user P&L per downline member: money in and out, valid bets, win/loss and bonuses, sorted and paged', async () => {
    const { agent, direct, sub, deep } = await readTeam();
    const profit = await get(agent, `/wps/agent/team/profit?${range()}&sort=profit&order=desc`);
    expect(profit.total).toBe(2);
    expect(profit.rows).toEqual([
      {
        id: String(direct.id),
        account: direct.account,
        deposits: '50000',
        withdrawals: '0',
        betCount: 2,
        validBets: '1200',
        payout: '2500',
        profit: '1300',
        bonuses: '500',
      },
      {
        id: String(deep.id),
        account: deep.account,
        deposits: '50000',
        withdrawals: '0',
        betCount: 1,
        validBets: '300',
        payout: '0',
        profit: '-300',
        bonuses: '0',
      },
    ]);
    expect(profit.totals).toEqual({
      deposits: '100000',
      withdrawals: '0',
      betCount: 3,
      validBets: '1500',
      payout: '2500',
      profit: '1000',
      bonuses: '500',
    });
    const ascending = await get(agent, `/wps/agent/team/profit?${range()}&sort=profit&order=asc&pageSize=20`);
    expect(ascending.rows.map((row: { account: string }) => row.account)).toEqual([deep.account, direct.account]);
    const searched = await get(agent, `/wps/agent/team/profit?${range()}&q=${deep.account}`);
    expect(searched.rows.map((row: { account: string }) => row.account)).toEqual([deep.account]);
    const pastTheEnd = await get(agent, `/wps/agent/team/profit?${range()}&page=2`);
    expect([pastTheEnd.rows, pastTheEnd.total, pastTheEnd.totals.validBets]).toEqual([[], 2, '1500']);
    // The sub-agent sees their own member only.
    const subProfit = await get(sub, `/wps/agent/team/profit?${range()}`);
    expect(subProfit.rows.map((row: { account: string }) => row.account)).toEqual([deep.account]);
  });

  it('sums each member over exactly the days asked, recent ranges from the day closes and older ones from the running sums', async () => {
    const agent = await newAgent(t.db.kysely);
    const ann = await newMember(t.db.kysely, { parentId: agent.id });
    const ben = await newMember(t.db.kysely, { parentId: agent.id });
    const moves = moneyMoves(t.db.kysely);
    // The team was there before the history the fixture writes.
    await sql`UPDATE agent_tree SET since = since - interval '200 days' WHERE ancestor_id = ${agent.id}`.execute(t.db.kysely);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    /** Moves a transfer `days` back (the ledger stamps now). */
    const backdate = (id: bigint, days: number) =>
      sql`
        UPDATE ledger_transfers SET settled_at = settled_at - ${days} * interval '1 day',
          created_at = created_at - ${days} * interval '1 day'
        WHERE id = ${id}`.execute(t.db.kysely);
    const betOn = async (memberId: bigint, amount: bigint, days: number) =>
      backdate((await moves.bet(memberId, amount, 'HOUSE', 'slot1')).id, days);
    for (const member of [ann, ben]) await backdate((await moves.deposit(member.id, 10_000n)).id, 150);
    await betOn(ann.id, 10n, 100);
    await betOn(ben.id, 20n, 99);
    await betOn(ann.id, 100n, 3);
    await betOn(ann.id, 200n, 1);
    await rollUpAll(t.db.kysely, t.services.reports);
    // After ann's days 3 and 1 are in the summaries: a move of her day 2 must reach the later days' closes too.
    await betOn(ann.id, 800n, 2);
    await betOn(ben.id, 50n, 2);
    await rollUpAll(t.db.kysely, t.services.reports);
    await betOn(ann.id, 400n, 0);

    const stakes = async (from: number, to: number) => {
      const profit = await get(
        agent,
        `/wps/agent/team/profit?fromDay=${daysAgo(from)}&toDay=${daysAgo(to)}&sort=account&order=asc`,
      );
      const byAccount = Object.fromEntries(
        profit.rows.map((row: { account: string; validBets: string }) => [row.account, row.validBets]),
      );
      return [ann, ben].map((member) => byAccount[member.account] ?? null);
    };
    expect({
      '100..99': await stakes(100, 99),
      '3..3': await stakes(3, 3),
      '2..1': await stakes(2, 1),
      '1..0': await stakes(1, 0),
      '3..0': await stakes(3, 0),
      '6..4': await stakes(6, 4),
    }).toEqual({
      '100..99': ['10', '20'],
      '3..3': ['100', null],
      '2..1': ['1000', '50'],
      '1..0': ['600', null],
      '3..0': ['1500', '50'],
      '6..4': [null, null],
    });
    const overview = await get(agent, `/wps/agent/team/overview?fromDay=${daysAgo(3)}&toDay=${daysAgo(0)}`);
    expect([overview.activeMembers, overview.totals.validBets, overview.totals.betCount]).toEqual([2, '1550', 5]);
  });

  it('answers team betting by member, game and vendor', async () => {
    const { agent, direct, deep } = await readTeam();
    const byMember = await get(agent, `/wps/agent/team/betting?${range()}`);
    expect(byMember.rows.map((row: { label: string; validBets: string }) => [row.label, row.validBets])).toEqual([
      [direct.account, '1200'],
      [deep.account, '300'],
    ]);
    expect(byMember.totals).toEqual({ betCount: 3, validBets: '1500', payout: '2500', profit: '1000' });
    const byGame = await get(agent, `/wps/agent/team/betting?${range()}&groupBy=game`);
    expect(
      byGame.rows.map((row: { key: string; betCount: number; validBets: string; profit: string }) => [
        row.key,
        row.betCount,
        row.validBets,
        row.profit,
      ]),
    ).toEqual([
      ['VNDA:ga', 1, '1000', '1500'],
      ['VNDB:gb', 2, '500', '-500'],
    ]);
    const byVendor = await get(agent, `/wps/agent/team/betting?${range()}&groupBy=vendor&pageSize=20`);
    expect(byVendor.rows.map((row: { key: string }) => row.key)).toEqual(['VNDA', 'VNDB']);
    expect(byVendor.totals.validBets).toBe('1500');
  });

  it('lists the downline’s deposits, transfers and bonuses, by type and member, and refuses a member outside the team', async () => {
    const { agent, direct, deep, stranger } = await readTeam();
    const all = await get(agent, `/wps/agent/team/transactions?${range()}`);
    expect(all.total).toBe(3);
    expect(all.rows.map((row: { account: string; type: string; amount: string }) => [row.account, row.type, row.amount])).toEqual(
      [
        [direct.account, 'bonus', '500'],
        [deep.account, 'deposit', '50000'],
        [direct.account, 'deposit', '50000'],
      ],
    );
    const bonuses = await get(agent, `/wps/agent/team/transactions?${range()}&type=bonus`);
    expect(bonuses.rows.map((row: { account: string }) => row.account)).toEqual([direct.account]);
    const one = await get(agent, `/wps/agent/team/transactions?${range()}&member=${deep.account}`);
    expect(one.rows.map((row: { account: string; type: string }) => [row.account, row.type])).toEqual([
      [deep.account, 'deposit'],
    ]);
    const outside = await (await as(agent))('GET', `/wps/agent/team/transactions?${range()}&member=${stranger.account}`);
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'agent.member.unknown']);
    const tooLong = await (await as(agent))('GET', '/wps/agent/team/transactions?fromDay=2026-01-01&toDay=2026-03-01');
    expect([tooLong.statusCode, tooLong.json().code]).toEqual([400, 'agent.range.invalid']);
  });

  it('keeps a member moved to another agent in the old agent’s pages for the period they were there', async () => {
    const { agent, direct } = await playedTeam();
    const other = await newAgent(t.db.kysely);
    await t.services.agents.move(DEMO_MERCHANT, { member: direct.account, toAgent: other.account, reason: 'test' }, staff);
    const before = await get(agent, `/wps/agent/team/profit?${range()}`);
    expect(before.rows.map((row: { account: string }) => row.account)).toContain(direct.account);
    const after = await get(other, `/wps/agent/team/profit?${range()}`);
    expect(after.rows.map((row: { account: string }) => row.account)).toEqual([direct.account]);
    // By game, each bet counts for the agents above its member when it was made: before the move for the old one.
    await moneyMoves(t.db.kysely).bet(direct.id, 700n, 'VNDC', 'gc');
    const oldVendors = await get(agent, `/wps/agent/team/betting?${range()}&groupBy=vendor`);
    expect(oldVendors.rows.map((row: { key: string }) => row.key)).toEqual(['VNDA', 'VNDB']);
    expect(oldVendors.totals.validBets).toBe('1500');
    await rollUpAll(t.db.kysely, t.services.reports);
    const newVendors = await get(other, `/wps/agent/team/betting?${range()}&groupBy=vendor`);
    expect(newVendors.rows.map((row: { key: string; validBets: string }) => [row.key, row.validBets])).toEqual([['VNDC', '700']]);
    // Not in the old agent's team for a later day.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = await (await as(agent))(
      'GET',
      `/wps/agent/team/transactions?fromDay=${tomorrow}&toDay=${tomorrow}&member=${direct.account}`,
    );
    expect(later.statusCode).toBe(404);
  });

  it('shows agents the notices written for them, and keeps them off the players’ notice page', async () => {
    const agent = await newAgent(t.db.kysely);
    const texts = { en: { title: 'Agent rates change', content: '<p>New <b>rates</b> from Monday</p>' } };
    const id = await t.services.content.add(DEMO_MERCHANT, { type: 'PL', audience: 'agents', texts }, staff);
    const forPlayers = await t.services.content.add(
      DEMO_MERCHANT,
      { type: 'PL', texts: { en: { title: 'For everyone', content: '' } } },
      staff,
    );
    const list = await get(agent, '/wps/agent/notices');
    expect(list.notices.map((notice: { id: string }) => notice.id)).toContain(String(id));
    expect(list.notices.map((notice: { id: string }) => notice.id)).not.toContain(String(forPlayers));
    const one = await get(agent, `/wps/agent/notice?id=${id}`);
    expect(one).toMatchObject({ title: 'Agent rates change', content: '<p>New <b>rates</b> from Monday</p>' });
    const players = await t.app.inject({ url: '/wps/relay/MCSFE_getNoticeList?pageSize=50' });
    const shown = players.json().value.content.map((notice: { id: string }) => notice.id);
    expect(shown).toContain(String(forPlayers));
    expect(shown).not.toContain(String(id));
    const notAgentNotice = await (await as(agent))('GET', `/wps/agent/notice?id=${forPlayers}`);
    expect(notAgentNotice.statusCode).toBe(404);
    await expect(
      t.services.content.add(DEMO_MERCHANT, { type: 'B', audience: 'agents', image: '/media/x.svg', texts }, staff),
    ).rejects.toThrow(/audience/);
  });

  it('exports the back office’s agents list as CSV, with the list’s search', async () => {
    const owner = await enrolledStaff(t.app, t.services, 'agents.exporter', 'owner');
    const top = await newAgent(t.db.kysely, { account: `csv${randomUUID().slice(0, 8)}` });
    await newAgent(t.db.kysely, { parent: top });
    await newMember(t.db.kysely, { parentId: top.id });
    const answer = await t.app.inject({ url: `/bo/api/agents/export?q=${top.account}`, headers: { authorization: owner.token } });
    expect(answer.statusCode).toBe(200);
    const { csv, rows, truncated } = answer.json().value;
    expect([rows, truncated]).toEqual([1, false]);
    const [header, line] = csv.trim().split('\n');
    expect(header).toBe('account,agent type,status,upline,direct downline,whole team,created');
    expect(line).toMatch(new RegExp(`^${top.account},1,active,,2,2,\\d{4}-`));
  });

  it('walks the back office’s agents tree one level at a time, with the chain down to the level', async () => {
    const owner = await enrolledStaff(t.app, t.services, 'agents.treewalker', 'owner');
    const top = await newAgent(t.db.kysely);
    const sub = await newAgent(t.db.kysely, { parent: top });
    const subSub = await newAgent(t.db.kysely, { parent: sub });
    await newMember(t.db.kysely, { parentId: top.id });
    const level = async (under: string) => {
      const answer = await t.app.inject({ url: `/bo/api/agents?under=${under}`, headers: { authorization: owner.token } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().value;
    };
    // Directly under the top agent: the sub-agent only (the plain member is not an agent, the sub-sub-agent is deeper).
    expect(await level(top.account)).toEqual({
      agents: [expect.objectContaining({ account: sub.account, upline: top.account, directCount: 1, teamSize: 1 })],
      total: 1,
      chain: [top.account],
    });
    expect(await level(sub.account.toUpperCase())).toEqual({
      agents: [expect.objectContaining({ account: subSub.account, directCount: 0 })],
      total: 1,
      chain: [top.account, sub.account],
    });
    expect(await level(subSub.account)).toEqual({ agents: [], total: 0, chain: [top.account, sub.account, subSub.account] });
    const unknown = await t.app.inject({ url: '/bo/api/agents?under=nobody-here', headers: { authorization: owner.token } });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses every read page to a non-agent with the spec message', async () => {
    const player = await newMember(t.db.kysely);
    const call = await as(player);
    for (const url of [
      '/wps/agent/notices',
      '/wps/agent/notice?id=1',
      `/wps/agent/team/betting?${range()}`,
      `/wps/agent/team/profit?${range()}`,
      `/wps/agent/team/transactions?${range()}`,
    ]) {
      const response = await call('GET', url);
      expect([url, response.statusCode, response.json().message]).toEqual([url, 403, 'errors.agent_not_agent']);
    }
  });
});
