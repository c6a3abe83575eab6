import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { Ledger } from '../ledger/service.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import { drawNow, FAST3, fundedMember, openDraw, SEA, slip, VN } from './test/kit.js';

/** The games screen's lottery draws: the schedule and results, filtered and paged, and voiding one with a reason. */
describe('lottery draws in the back office', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
  });
  afterAll(() => t.close());

  const get = async (url: string, token = owner) => {
    const response = await t.app.inject({ url, headers: { authorization: token } });
    return { status: response.statusCode, body: response.json() };
  };
  const balanceOf = (memberId: bigint) =>
    new Ledger(t.db.kysely).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId }).then((b) => b.available);

  it('lists the draws of every game, past and scheduled, filtered by game, status and time, paged and exported', async () => {
    const all = await get('/bo/api/draws?pageSize=25');
    expect(all.status).toBe(200);
    expect(all.body.value.games).toEqual(expect.arrayContaining([FAST3, SEA, VN]));
    expect(all.body.value.total).toBeGreaterThanOrEqual(9);

    const now = Date.now();
    const week = 7 * 86_400_000;
    const upcoming = await get(`/bo/api/draws?gameCode=${VN}&status=scheduled&from=${now}&to=${now + week}&sort=draw-asc`);
    const items = upcoming.body.value.items as { gameCode: string; status: string; drawAt: number }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((d) => d.gameCode === VN && d.status === 'scheduled' && d.drawAt >= now && d.drawAt < now + week)).toBe(
      true,
    );
    expect(items.map((d) => d.drawAt)).toEqual([...items.map((d) => d.drawAt)].sort((a, b) => a - b));
    expect(upcoming.body.value.total).toBe(items.length);

    const page2 = await get('/bo/api/draws?pageSize=25&page=2');
    expect(page2.body.value.items.length).toBe(Math.max(0, Math.min(25, all.body.value.total - 25)));

    const csv = await get(`/bo/api/draws/export?gameCode=${VN}&status=scheduled`);
    const lines = (csv.body.value.csv as string).trim().split('\n');
    expect(lines[0]).toBe('id,game,numero,draw_at,status,result,tickets,winners,payout_minor');
    expect(lines.length - 1).toBe(csv.body.value.rows);
    expect(lines.slice(1).every((line) => line.includes(`,${VN},`) && line.includes(',scheduled,'))).toBe(true);

    const badRange = await get('/bo/api/draws?status=later');
    expect(badRange.status).toBe(400);
  });

  it('voids a scheduled draw with a reason: every slip refunded, the result column empty, audited; never twice', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const draw = await openDraw(t, VN);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/wps/lottery/slips',
      headers: { authorization: member.token },
      payload: slip(VN, draw.drawId, [{ bet: { type: 'lo2', number: '38' }, stake: '700' }]),
    });
    expect(bought.json().success).toBe(true);
    expect(await balanceOf(member.id)).toBe(9_300n);

    const noReason = await post(t.app, '/bo/api/draws/void', { id: draw.drawId, reason: '  ' }, owner);
    expect([noReason.status, noReason.body.code]).toEqual([400, 'request.invalid']);

    const voided = await post(t.app, '/bo/api/draws/void', { id: draw.drawId, reason: 'results feed outage' }, owner);
    expect(voided.status).toBe(200);
    expect(voided.body.value).toMatchObject({
      refundedSlips: 1,
      draw: { id: draw.drawId, status: 'void', tickets: 1, result: null },
    });
    expect(await balanceOf(member.id)).toBe(10_000n);

    const again = await post(t.app, '/bo/api/draws/void', { id: draw.drawId, reason: 'twice' }, owner);
    expect([again.status, again.body.code]).toEqual([409, 'lottery.draw.closed']);
    const unknown = await post(t.app, '/bo/api/draws/void', { id: '999999999', reason: 'no such draw' }, owner);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'lottery.draw.not.found']);

    const audit = await get(`/bo/api/audit?action=lottery.draw.void&target=draw:${draw.drawId}`);
    expect(audit.body.value.entries).toHaveLength(1);
    expect(audit.body.value.entries[0]).toMatchObject({
      actor: 'boss',
      before: { status: 'scheduled', game: VN, numero: draw.numero },
      after: { status: 'void', reason: 'results feed outage', refundedSlips: 1 },
    });
    expect((await runAdmin(['audit', 'verify'], t.services)).exitCode).toBe(0);
  });

  it('refuses to void a draw once it is drawn, and shows its result, tickets and payout', async () => {
    const draw = await openDraw(t, FAST3);
    await drawNow(t.db.kysely, draw.drawId);
    const refused = await post(t.app, '/bo/api/draws/void', { id: draw.drawId, reason: 'too late' }, owner);
    expect([refused.status, refused.body.code]).toEqual([409, 'lottery.draw.closed']);
    const listed = await get(`/bo/api/draws?gameCode=${FAST3}&status=settled`);
    const row = (listed.body.value.items as { id: string; result: unknown; payoutTotal: string }[]).find(
      (d) => d.id === draw.drawId,
    );
    expect(row?.result).not.toBeNull();
    expect(row?.payoutTotal).toMatch(/^[0-9]+$/);
    const entries = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'lottery.draw.void'`.execute(
      t.db.kysely,
    );
    expect(entries.rows[0]?.n).toBe(1);
  });
});
