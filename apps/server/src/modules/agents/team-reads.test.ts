import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { moves as ledgerMoves } from '../reports/rollup-repo.js';
import { moneyMoves, rollUpAll } from '../reports/test/kit.js';
import * as repo from './repo.js';

const DAY_MS = 86_400_000;
const ZONE = 'Asia/Dhaka';
const staff = { actor: 'tester', kind: 'staff' as const, ip: '127.0.0.1' };

describe('an agent’s team read through the per-agent summaries', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let today: string;
  const day = (ago: number) => new Date(Date.parse(`${today}T00:00:00Z`) - ago * DAY_MS).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ env: { REPORT_TIME_ZONE: ZONE } });
    const { rows } = await sql<{ day: string }>`
      SELECT to_char((now() AT TIME ZONE ${ZONE})::date, 'YYYY-MM-DD') AS day`.execute(t.db.kysely);
    today = rows[0]?.day ?? '';
  });
  afterAll(() => t.close());

  /** A real-money bet posted `ago` days back (the ledger stamps now; the fixture moves it back). */
  const betOn = async (member: TestMember, ago: number) => {
    const receipt = await moneyMoves(t.db.kysely).bet(member.id, 100n, 'VNDA', 'ga');
    await sql`
      UPDATE ledger_transfers SET settled_at = settled_at - ${ago} * interval '1 day', created_at = created_at - ${ago} * interval '1 day'
      WHERE id = ${receipt.id}`.execute(t.db.kysely);
  };

  /** The team's distinct bettors as the definition reads: under the agent at some moment of the days, straight from the ledger. */
  const expected = async (agent: TestMember, from: number, to: number) => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT s.member_id)::int AS n
      FROM (${ledgerMoves(ZONE, { after: 0n, upTo: null, settledHolds: [] })}) s
      JOIN (${repo.teamDuringDays(agent.id, day(from), day(to), ZONE)}) team ON team.member_id = s.member_id
      WHERE s.state = 'posted' AND s.kind = 'bet' AND s.day BETWEEN ${day(from)}::date AND ${day(to)}::date`.execute(t.db.kysely);
    return rows[0]?.n;
  };
  const RANGES = [
    [8, 0],
    [6, 0],
    [5, 3],
    [4, 4],
    [4, 1],
    [3, 0],
    [2, 1],
    [0, 0],
  ] as const;
  /**
   * Every range's active members of every agent, as the overview answers them and as the definition does, and the
   * overview's day figures (the same whether a move is read live or from the summaries).
   */
  const both = async (agents: TestMember[]) => {
    const answers: [number, number][] = [];
    const figures: unknown[] = [];
    for (const agent of agents)
      for (const [from, to] of RANGES) {
        const overview = await t.services.agents.overview(DEMO_MERCHANT, agent.id, day(from), day(to));
        answers.push([overview.activeMembers, (await expected(agent, from, to)) ?? -1]);
        figures.push(overview.days);
      }
    return { answered: answers.map(([answered]) => answered), expected: answers.map(([, wanted]) => wanted), figures };
  };

  it('counts each member who bet once over any range, through late bets, a move between agents and the live part', async () => {
    const top = await newAgent(t.db.kysely);
    const sub = await newAgent(t.db.kysely, { parent: top });
    const other = await newAgent(t.db.kysely);
    const ann = await newMember(t.db.kysely, { parentId: sub.id });
    const ben = await newMember(t.db.kysely, { parentId: top.id });
    const cat = await newMember(t.db.kysely, { parentId: sub.id });
    const outsider = await newMember(t.db.kysely);
    // The team has been there ten days: its links are moved back with its bets.
    await sql`
      UPDATE agent_tree SET since = since - interval '10 days'
      WHERE descendant_id IN (${sql.join([sub, other, ann, ben, cat].map((m) => m.id))})`.execute(t.db.kysely);
    for (const m of [ann, ben, cat, outsider]) await moneyMoves(t.db.kysely).deposit(m.id, 100_000n);
    await betOn(ann, 5);
    await betOn(ann, 3);
    await betOn(ben, 4);
    await betOn(cat, 1);
    await betOn(outsider, 3);
    await rollUpAll(t.db.kysely, t.services.reports);
    const agents = [top, sub, other];
    const first = await both(agents);
    expect(first.answered).toEqual(first.expected);
    expect(first.answered.slice(0, RANGES.length)).toEqual([3, 3, 2, 1, 3, 2, 1, 0]);

    // Late bets on closed days (ann's day 4 comes between her days 5 and 3, ben's day 7 before his first), then ann moves
    // to another agent: until the roll-up runs again, the summaries count the tree before the move.
    await betOn(ann, 4);
    await betOn(ben, 7);
    await betOn(ben, 0);
    await t.services.agents.move(DEMO_MERCHANT, { member: ann.account, toAgent: other.account, reason: 'test' }, staff);
    await betOn(ann, 0);
    const live = await both(agents);
    expect(live.answered).toEqual(live.expected);
    await rollUpAll(t.db.kysely, t.services.reports);
    const rolled = await both(agents);
    expect(rolled.answered).toEqual(rolled.expected);
    expect(rolled.figures).toEqual(live.figures);
    expect(rolled.answered.slice(0, RANGES.length)).toEqual([3, 3, 2, 2, 3, 3, 1, 2]);
    expect(rolled.answered.slice(2 * RANGES.length)).toEqual([1, 1, 0, 0, 0, 1, 0, 1]);

    // The live part after the summaries: cat bets again today, not yet rolled up.
    await betOn(cat, 0);
    const again = await both(agents);
    expect(again.answered).toEqual(again.expected);
    await rollUpAll(t.db.kysely, t.services.reports);
    expect((await both(agents)).figures).toEqual(again.figures);
  });

  it('lists a large team’s account details as a small team’s read does', async () => {
    const top = await newAgent(t.db.kysely);
    const sub = await newAgent(t.db.kysely, { parent: top });
    const ann = await newMember(t.db.kysely, { parentId: sub.id });
    const ben = await newMember(t.db.kysely, { parentId: top.id });
    const outsider = await newMember(t.db.kysely);
    const moves = moneyMoves(t.db.kysely);
    for (const m of [ann, ben, outsider]) await moves.deposit(m.id, 10_000n);
    await moves.bet(ann.id, 500n, 'VNDA', 'ga');
    await moves.withdrawalHold(ben.id, 2_000n);
    await t.services.agents.move(DEMO_MERCHANT, { member: ann.account, toAgent: top.account, reason: 'test' }, staff);
    await moves.deposit(ann.id, 3_000n);
    const read = (team: Parameters<typeof t.services.records.teamEntries>[0]['team'], page: number, size: number) =>
      t.services.records.teamEntries(
        {
          merchantCode: DEMO_MERCHANT,
          team,
          fromDay: today,
          toDay: today,
          timeZone: ZONE,
          kinds: ['deposit', 'withdrawal', 'member_transfer', 'bonus', 'rebate'],
        },
        { page, size },
      );
    for (const agent of [top, sub]) {
      for (const [page, size] of [
        [1, 20],
        [2, 2],
        [9, 2],
      ] as const) {
        const small = await read({ members: repo.teamDuringDays(agent.id, today, today, ZONE) }, page, size);
        const large = await read({ has: repo.inTeamDuringDays(agent.id, today, today, ZONE) }, page, size);
        expect(large).toEqual(small);
      }
    }
    const whole = await read({ has: repo.inTeamDuringDays(sub.id, today, today, ZONE) }, 1, 20);
    expect(whole.rows.map((row) => [row.account, row.type, row.amount])).toEqual([
      [ann.account, 'deposit', '3000'],
      [ann.account, 'deposit', '10000'],
    ]);
  });
});
