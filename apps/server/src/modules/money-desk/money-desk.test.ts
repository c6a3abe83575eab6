import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff } from '../staff/test/kit.js';
import { availableOf, balanceOf, PAYMENT_PASSWORD, playerWithBalance } from '../withdrawals/test/kit.js';

/** The threshold these tests set: 200.00; amounts above it need a second staff member. */
const THRESHOLD = 20_000n;

describe('the money desk and four-eyes approvals', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: string;
  let finA: string;
  let finB: string;
  let support: string;

  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
    return { status: response.statusCode, ...(response.json() as { code: string; value: never }) };
  };
  const get = (token: string, url: string) => call(token, 'GET', url);
  const post = (token: string, url: string, payload: unknown) => call(token, 'POST', url, payload);

  const withdrawal = async (amount: bigint, balance = 100_000n) => {
    const player = await playerWithBalance(t.db.kysely, balance);
    const created = await t.services.withdrawals.create(
      { merchant: DEMO_MERCHANT, memberId: player.member.id },
      {
        requestId: randomUUID(),
        amount: amount.toString(),
        payoutAccountId: player.accountId,
        paymentPassword: PAYMENT_PASSWORD,
      },
    );
    return { player, id: created.id };
  };
  const statusOf = async (id: string) =>
    (await t.db.kysely.selectFrom('withdrawals').select('status').where('id', '=', BigInt(id)).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
    finA = (await enrolledStaff(t.app, t.services, 'fin.a', 'finance')).token;
    finB = (await enrolledStaff(t.app, t.services, 'fin.b', 'finance')).token;
    support = (await enrolledStaff(t.app, t.services, 'help.desk', 'support')).token;
    const set = await call(owner, 'PUT', '/bo/api/money/threshold', { thresholdMinor: THRESHOLD.toString() });
    expect(set.value).toMatchObject({ thresholdMinor: '20000', minorDigits: 2 });
  });
  afterAll(() => t.close());

  it('keeps the threshold as a validated, audited setting only settings.edit may change', async () => {
    expect((await get(finA, '/bo/api/money/threshold')).value).toMatchObject({ thresholdMinor: '20000' });
    expect((await call(finA, 'PUT', '/bo/api/money/threshold', { thresholdMinor: '1' })).code).toBe('staff.permission.denied');
    expect((await call(owner, 'PUT', '/bo/api/money/threshold', { thresholdMinor: '-5' })).status).toBe(400);
    const audit = await get(owner, '/bo/api/audit?action=settings.set&target=approvals');
    expect(audit.value).toMatchObject({ entries: [{ actor: 'boss', actorKind: 'staff', after: { fourEyesAboveMinor: 20000 } }] });
  });

  it('approves a withdrawal at or below the threshold at once', async () => {
    const { player, id } = await withdrawal(THRESHOLD);
    const answer = await post(finA, '/bo/api/money/withdrawals/approve', { id });
    expect(answer.value).toEqual({ outcome: 'done', approvalId: null });
    expect(await statusOf(id)).toBe('awaiting_confirmation');
    expect(await balanceOf(t.db.kysely, player.member.id)).toBe(100_000n - THRESHOLD);
    // A second click answers what the first came to; the payout is sent once.
    expect((await post(finA, '/bo/api/money/withdrawals/approve', { id })).value).toEqual({ outcome: 'done', approvalId: null });
    expect(await balanceOf(t.db.kysely, player.member.id)).toBe(100_000n - THRESHOLD);
  });

  it('holds a withdrawal above the threshold for a second staff member, never the same one', async () => {
    const { player, id } = await withdrawal(THRESHOLD + 1n);
    const asked = await post(finA, '/bo/api/money/withdrawals/approve', { id });
    expect(asked.value).toMatchObject({ outcome: 'awaiting_second' });
    const approvalId = (asked.value as { approvalId: string }).approvalId;
    expect(await statusOf(id)).toBe('pending');
    const queue = await get(finB, `/bo/api/money/withdrawals?account=${player.member.account}`);
    expect(queue.value).toMatchObject({ total: 1, rows: [{ id, status: 'pending', awaitingSecond: true }] });
    const open = (await get(finB, '/bo/api/approvals/open')).value as { open: number };
    expect(open.open).toBeGreaterThanOrEqual(1);
    expect((await get(support, '/bo/api/approvals/open')).value).toEqual({ open: 0 });

    const own = await post(finA, '/bo/api/approvals/confirm', { id: approvalId });
    expect([own.status, own.code]).toEqual([403, 'approval.same.staff']);
    expect(await statusOf(id)).toBe('pending');
    const denied = await post(support, '/bo/api/approvals/confirm', { id: approvalId });
    expect([denied.status, denied.code]).toEqual([403, 'staff.permission.denied']);
    expect((await get(support, '/bo/api/approvals?status=pending')).value).toEqual({ rows: [], total: 0 });

    const confirmed = await post(finB, '/bo/api/approvals/confirm', { id: approvalId });
    expect(confirmed.value).toMatchObject({ status: 'executed', requestedBy: 'fin.a', decidedBy: 'fin.b', mine: false });
    expect(await statusOf(id)).toBe('awaiting_confirmation');
    expect(await balanceOf(t.db.kysely, player.member.id)).toBe(100_000n - THRESHOLD - 1n);
    expect((await post(owner, '/bo/api/approvals/confirm', { id: approvalId })).code).toBe('approval.state');

    const trail = await get(owner, `/bo/api/audit?target=approval:${approvalId}`);
    expect((trail.value as { entries: { action: string; actor: string }[] }).entries.map((e) => [e.action, e.actor])).toEqual([
      ['approval.confirm', 'fin.b'],
      ['approval.request', 'fin.a'],
    ]);
    expect((await runAdmin(['audit', 'verify'], t.services)).exitCode).toBe(0);
  });

  it('runs exactly one of two confirmations sent at once', async () => {
    const { player, id } = await withdrawal(THRESHOLD * 2n);
    const { value } = await post(finA, '/bo/api/money/withdrawals/approve', { id });
    const approvalId = (value as { approvalId: string }).approvalId;
    const answers = await Promise.all([
      post(finB, '/bo/api/approvals/confirm', { id: approvalId }),
      post(owner, '/bo/api/approvals/confirm', { id: approvalId }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual(['approval.state', 'ok']);
    expect(await balanceOf(t.db.kysely, player.member.id)).toBe(100_000n - THRESHOLD * 2n);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('dedupe_key', '=', `withdrawal.auto-receipt:${id}`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('rejects a withdrawal with a reason, closing the approval waiting on it', async () => {
    const { player, id } = await withdrawal(THRESHOLD * 2n);
    const { value } = await post(finA, '/bo/api/money/withdrawals/approve', { id });
    const approvalId = (value as { approvalId: string }).approvalId;
    expect((await post(finA, '/bo/api/money/withdrawals/reject', { id, reason: 'x' })).status).toBe(400);
    expect((await post(finA, '/bo/api/money/withdrawals/reject', { id, reason: 'Name does not match' })).code).toBe('ok');
    expect(await statusOf(id)).toBe('rejected');
    expect(await availableOf(t.db.kysely, player.member.id)).toBe(100_000n);
    expect((await post(finB, '/bo/api/approvals/confirm', { id: approvalId })).code).toBe('approval.state');
    const rows = (await get(finB, '/bo/api/approvals?status=rejected')).value as { rows: { id: string; rejectReason: string }[] };
    expect(rows.rows.find((row) => row.id === approvalId)?.rejectReason).toBe('withdrawal rejected: Name does not match');
  });

  it('adjusts a balance through the ledger, and above the threshold only once a second staff member confirms', async () => {
    const { member } = await playerWithBalance(t.db.kysely, 50_000n);
    const credit = {
      requestId: randomUUID(),
      account: member.account.toUpperCase(),
      direction: 'credit',
      amount: '1500',
      reason: 'Goodwill',
    };
    expect((await post(finA, '/bo/api/money/adjust', credit)).value).toEqual({ outcome: 'done', approvalId: null });
    expect((await post(finA, '/bo/api/money/adjust', credit)).value).toEqual({ outcome: 'done', approvalId: null });
    expect(await balanceOf(t.db.kysely, member.id)).toBe(51_500n);
    expect((await post(finA, '/bo/api/money/adjust', { ...credit, amount: '1600' })).code).toBe('approval.request.conflict');
    expect((await get(finA, `/bo/api/money/balance?account=${member.account}`)).value).toEqual({
      account: member.account,
      balance: '51500',
      available: '51500',
    });

    const tooMuch = {
      requestId: randomUUID(),
      account: member.account,
      direction: 'debit',
      amount: '60000',
      reason: 'Chargeback',
    };
    expect((await post(finA, '/bo/api/money/adjust', tooMuch)).code).toBe('wallet.insufficient.funds');
    const debit = { ...tooMuch, requestId: randomUUID(), amount: '30000' };
    const asked = await post(finA, '/bo/api/money/adjust', debit);
    expect(asked.value).toMatchObject({ outcome: 'awaiting_second' });
    const approvalId = (asked.value as { approvalId: string }).approvalId;
    expect(await balanceOf(t.db.kysely, member.id)).toBe(51_500n);
    const rejected = await post(finB, '/bo/api/approvals/reject', { id: approvalId, reason: 'Not documented' });
    expect(rejected.value).toMatchObject({ status: 'rejected', rejectReason: 'Not documented', decidedBy: 'fin.b' });
    expect(await balanceOf(t.db.kysely, member.id)).toBe(51_500n);

    const again = await post(finA, '/bo/api/money/adjust', { ...debit, requestId: randomUUID() });
    const confirmed = await post(finB, '/bo/api/approvals/confirm', { id: (again.value as { approvalId: string }).approvalId });
    expect(confirmed.value).toMatchObject({ status: 'executed', kind: 'balance.adjust', detail: { direction: 'debit' } });
    expect(await balanceOf(t.db.kysely, member.id)).toBe(21_500n);
    const transfers = await sql<{ kind: string; amount: bigint }>`
      SELECT t.kind, t.amount FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE a.owner_id = ${member.id} ORDER BY t.id`.execute(t.db.kysely);
    expect(transfers.rows).toEqual([{ kind: 'adjustment', amount: 30_000n }]);

    expect((await post(finA, '/bo/api/money/adjust', { ...credit, requestId: randomUUID(), account: 'nobody-here' })).code).toBe(
      'money.member.unknown',
    );
    expect((await post(finA, '/bo/api/money/bonus', { ...credit, requestId: randomUUID() })).code).toBe(
      'staff.permission.denied',
    );
    expect(
      (
        await post(owner, '/bo/api/money/bonus', {
          requestId: randomUUID(),
          account: member.account,
          amount: '700',
          reason: 'Birthday',
        })
      ).value,
    ).toEqual({
      outcome: 'done',
      approvalId: null,
    });
    expect(await balanceOf(t.db.kysely, member.id)).toBe(22_200n);
  });

  it('lists deposits for finance, approves one onto the balance, rejects another with a reason', async () => {
    await runAdmin(
      ['deposit', 'channel', 'add', 'bank1', '--kind', 'bank', '--name', 'City Bank', '--min', '10', '--max', '50000'],
      t.services,
    );
    const { member } = await playerWithBalance(t.db.kysely, 0n);
    const order = (amountMinor: string) =>
      t.services.deposits.create(
        DEMO_MERCHANT,
        member.id,
        { requestId: randomUUID(), channel: 'bank1', amountMinor, reference: 'TRX-1' },
        { requested: 'en', fallback: 'en' },
      );
    const first = await order('150000');
    const second = await order('5000');
    const list = await get(finA, `/bo/api/money/deposits?account=${member.account}&status=pending&sort=amount&order=asc`);
    expect((list.value as { rows: { id: string }[] }).rows.map((row) => row.id)).toEqual([second.id, first.id]);
    expect((await get(support, '/bo/api/money/deposits')).code).toBe('staff.permission.denied');

    expect((await post(finA, '/bo/api/money/deposits/approve', { id: first.id })).code).toBe('ok');
    expect(await balanceOf(t.db.kysely, member.id)).toBe(150_000n);
    expect((await post(finA, '/bo/api/money/deposits/reject', { id: second.id, reason: 'No such transfer' })).code).toBe('ok');
    const decided = await get(finA, `/bo/api/money/deposits?account=${member.account}`);
    expect(decided.value).toMatchObject({
      total: 2,
      rows: [
        { id: second.id, status: 'rejected', reason: 'No such transfer', decidedBy: 'staff:fin.a' },
        { id: first.id, status: 'approved' },
      ],
    });
    const csv = await get(finA, `/bo/api/money/deposits/export?account=${member.account}`);
    const lines = (csv.value as { csv: string }).csv.trim().split('\n');
    expect(lines[0]).toBe('id,created_at,account,channel,amount_minor,reference,status,reason,decided_by,proofs,hints');
    expect(lines).toHaveLength(3);
    expect((await get(finA, `/bo/api/money/deposits/proof?id=${first.id}&position=0`)).code).toBe('money.proof.not.found');
  });

  it('flags a first withdrawal to a new account, an address shared with another player, and money out with little play', async () => {
    const { player, id } = await withdrawal(15_000n);
    const hintsOf = async () =>
      ((await get(finA, `/bo/api/money/withdrawals?account=${player.member.account}`)).value as { rows: { hints: string[] }[] })
        .rows[0]?.hints;
    // Every test player logged in from the same address; none deposited.
    expect(await hintsOf()).toEqual(['new_payout_account', 'first_withdrawal', 'shared_ip']);
    await sql`UPDATE sessions SET ip = '10.77.0.9' WHERE member_id = ${player.member.id}`.execute(t.db.kysely);
    await sql`UPDATE payout_accounts SET created_at = now() - interval '30 days' WHERE member_id = ${player.member.id}`.execute(
      t.db.kysely,
    );
    expect(await hintsOf()).toEqual(['first_withdrawal']);

    const order = await t.services.deposits.create(
      DEMO_MERCHANT,
      player.member.id,
      { requestId: randomUUID(), channel: 'bank1', amountMinor: '20000' },
      { requested: 'en', fallback: 'en' },
    );
    await post(finA, '/bo/api/money/deposits/approve', { id: order.id });
    const next = await t.services.withdrawals.create(
      { merchant: DEMO_MERCHANT, memberId: player.member.id },
      { requestId: randomUUID(), amount: '15000', payoutAccountId: player.accountId, paymentPassword: PAYMENT_PASSWORD },
    );
    const rows = (
      (await get(finA, `/bo/api/money/withdrawals?account=${player.member.account}`)).value as {
        rows: { id: string; hints: string[] }[];
      }
    ).rows;
    expect(rows.find((row) => row.id === next.id)?.hints).toEqual(['little_play']);
    expect(rows.find((row) => row.id === id)?.hints).toEqual(['first_withdrawal']);
  });
});
