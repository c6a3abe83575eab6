import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff } from '../staff/test/kit.js';
import { moneyMoves, rollUpAll } from './test/kit.js';

const DAY_MS = 86_400_000;

describe('player reports over ranges of days', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  let today: string;
  const daysAgo = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  const report = async (from: number, to: number, groupBy: 'player' | 'day') => {
    const answer = await t.app.inject({
      url: `/bo/api/reports?from=${daysAgo(from)}&to=${daysAgo(to)}&groupBy=${groupBy}&sort=key`,
      headers: { authorization: token },
    });
    return answer.json().value;
  };
  /** Stake per player account and the distinct active players over the range, as the screens show them. */
  const stakes = async (from: number, to: number) => {
    const players = await report(from, to, 'player');
    const days = await report(from, to, 'day');
    return {
      stakes: Object.fromEntries(players.rows.map((row: { label: string; stake: string }) => [row.label, row.stake])),
      activePlayers: days.totals.activePlayers,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
    const answer = await t.app.inject({ url: '/bo/api/reports/dashboard?period=today', headers: { authorization: token } });
    today = answer.json().value.toDay;
  });
  afterAll(() => t.close());

  it('sums each player over exactly the days asked, a late move on an earlier day included', async () => {
    const moves = moneyMoves(t.db.kysely);
    const ann = await newMember(t.db.kysely, { account: 'ann0001' });
    const ben = await newMember(t.db.kysely, { account: 'ben0001' });
    await moves.deposit(ann.id, 100_000n);
    // Today's deposit puts ben in today's player rows too, with no stake.
    await moves.deposit(ben.id, 100_000n);
    /** A bet posted `days` ago (the ledger stamps now; the fixture moves it back). */
    const betOn = async (memberId: bigint, amount: bigint, days: number) => {
      const receipt = await moves.bet(memberId, amount, 'HOUSE', 'slot1');
      await sql`
        UPDATE ledger_transfers SET settled_at = settled_at - ${days} * interval '1 day',
          created_at = created_at - ${days} * interval '1 day'
        WHERE id = ${receipt.id}`.execute(t.db.kysely);
    };
    await betOn(ann.id, 100n, 3);
    await betOn(ann.id, 200n, 1);
    await rollUpAll(t.db.kysely, t.services.reports);
    // After ann's days 3 and 1 are in the summaries: a move of her day 2 must reach her day 1's running sums too.
    await betOn(ann.id, 800n, 2);
    await betOn(ben.id, 50n, 2);
    await rollUpAll(t.db.kysely, t.services.reports);
    // Today's bet stays in the live part.
    await betOn(ann.id, 400n, 0);

    const expected = {
      '3..3': { stakes: { ann0001: '100' }, activePlayers: 1 },
      '2..1': { stakes: { ann0001: '1000', ben0001: '50' }, activePlayers: 2 },
      '1..0': { stakes: { ann0001: '600', ben0001: '0' }, activePlayers: 1 },
      '3..0': { stakes: { ann0001: '1500', ben0001: '50' }, activePlayers: 2 },
      '6..4': { stakes: {}, activePlayers: 0 },
    };
    const read = async () => ({
      '3..3': await stakes(3, 3),
      '2..1': await stakes(2, 1),
      '1..0': await stakes(1, 0),
      '3..0': await stakes(3, 0),
      '6..4': await stakes(6, 4),
    });
    expect(await read()).toEqual(expected);
    await rollUpAll(t.db.kysely, t.services.reports);
    expect(await read()).toEqual(expected);
  });
});
