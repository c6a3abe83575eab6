import { randomUUID } from 'node:crypto';
import { createWithdrawal } from '@tessera/contract/api/withdrawals';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { AUTO_RECEIPT_JOB } from './service.js';
import { availableOf, balanceOf, PAYMENT_PASSWORD, type Player, playerWithBalance } from './test/kit.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----tessera${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('withdrawals', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const admin = (...argv: string[]) => runAdmin(argv, t.services);
  const request = (p: Player, body: Partial<Record<string, string>> = {}) =>
    sealedInject(
      t.app,
      createWithdrawal,
      { requestId: randomUUID(), amount: '20000', payoutAccountId: p.accountId, paymentPassword: PAYMENT_PASSWORD, ...body },
      { headers: p.headers },
    );
  const list = async (p: Player) =>
    (await t.app.inject({ method: 'GET', url: '/wps/withdraw/orders', headers: p.headers })).json().value;
  const info = async (p: Player) =>
    (await t.app.inject({ method: 'GET', url: '/wps/withdraw/info', headers: p.headers })).json().value;
  const confirm = (p: Player, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/wps/withdraw/confirm', headers: p.headers, payload: body });
  const notReceived = (p: Player, id: string, parts: Parameters<typeof multipart>[0]) => {
    const form = multipart(parts);
    return t.app.inject({
      method: 'PUT',
      url: `/wps/withdraw/not-received?id=${id}`,
      headers: { ...p.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
  };
  const paid = async (balance = 100_000n, amount = '20000') => {
    const p = await playerWithBalance(t.db.kysely, balance);
    const w = (await request(p, { amount })).json().value;
    expect((await admin('withdrawal', 'approve', w.id)).exitCode).toBe(0);
    return { p, id: w.id as string };
  };

  it('shows the balance, limits and bound accounts', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    expect(await info(p)).toMatchObject({
      available: '50000',
      minAmount: '10000',
      maxAmount: '5000000',
      dailyMax: '10000000',
      remainingToday: '10000000',
      autoReceiptMinutes: 30,
      paymentPasswordSet: true,
      payoutAccounts: [{ id: p.accountId, accountNumberMasked: '•••• 3210' }],
    });
  });

  it('holds the amount on request; repeating the request id answers the same withdrawal', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    const requestId = randomUUID();
    const first = await request(p, { requestId });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      status: 'pending',
      amount: '20000',
      remainingAmount: '20000',
      receivedAmount: '0',
    });
    const again = await request(p, { requestId });
    expect(again.json().value.id).toBe(first.json().value.id);
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(30_000n);
    expect(await balanceOf(t.db.kysely, p.member.id)).toBe(50_000n);
    expect((await request(p, { requestId, amount: '10000' })).json().code).toBe('withdrawal.request.conflict');
    expect((await info(p)).remainingToday).toBe(String(10_000_000 - 20_000));
    expect((await list(p)).total).toBe(1);
  });

  it('refuses every bad request with a 4xx envelope and holds nothing', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    const other = await playerWithBalance(t.db.kysely, 0n);
    const cases: [Partial<Record<string, string>>, string][] = [
      [{ amount: '9999' }, 'withdrawal.amount.out.of.range'],
      [{ amount: '5000001' }, 'withdrawal.amount.out.of.range'],
      [{ amount: '12.5' }, 'request.invalid'],
      [{ amount: '-100' }, 'request.invalid'],
      [{ amount: '0' }, 'request.invalid'],
      [{ requestId: 'x' }, 'request.invalid'],
      [{ payoutAccountId: other.accountId }, 'payout.account.not.found'],
      [{ payoutAccountId: 'abc' }, 'request.invalid'],
      [{ paymentPassword: '000000' }, 'invalid.payment.pw'],
      [{ amount: '60000' }, 'wallet.insufficient.funds'],
    ];
    for (const [body, code] of cases) {
      const response = await request(p, body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await request(other, { payoutAccountId: p.accountId })).json().code).toBe('payout.account.not.found');
    const plaintext = await t.app.inject({
      method: 'POST',
      url: '/wps/withdraw/orders',
      headers: p.headers,
      payload: { amount: '20000' },
    });
    expect(plaintext.json().code).toBe('request.encryption.required');
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(50_000n);
    expect((await list(p)).total).toBe(0);
  });

  it('refuses above the daily limit, counting earlier requests of the day', async () => {
    const p = await playerWithBalance(t.db.kysely, 500_000n);
    await t.settings.update(DEMO_MERCHANT, 'withdrawal', (w) => ({ ...w, dailyMaxMinor: 50_000 }), 'test');
    try {
      expect((await request(p, { amount: '30000' })).statusCode).toBe(200);
      const over = await request(p, { amount: '30000' });
      expect(over.json().code).toBe('withdrawal.daily.limit');
      expect(over.json().value.fields[0].params).toMatchObject({ dailyMaxMinor: '50000', remainingMinor: '20000' });
    } finally {
      await t.settings.update(DEMO_MERCHANT, 'withdrawal', (w) => ({ ...w, dailyMaxMinor: 10_000_000 }), 'test');
    }
  });

  it('refuses a trial account outright: no withdrawal and no payout account, even with a payment password', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    await t.db.kysely.updateTable('members').set({ agent_type: 4 }).where('id', '=', p.member.id).execute();
    const withdrawal = await request(p);
    expect(withdrawal.statusCode).toBe(403);
    expect(withdrawal.json()).toMatchObject({ code: 'in_need_true_account' });
    const bind = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/payout-accounts',
      headers: p.headers,
      payload: { type: 'bank', provider: 'Sonali Bank', holderName: 'Karim Ahmed', accountNumber: '1234567890' },
    });
    expect(bind.statusCode).toBe(403);
    expect(bind.json()).toMatchObject({ code: 'in_need_true_account' });
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(50_000n);
  });

  it('needs a payment password and a session', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    await t.db.kysely.deleteFrom('payment_passwords').where('member_id', '=', p.member.id).execute();
    expect((await request(p)).json().code).toBe('not.exists.payment.password');
    expect((await t.app.inject({ method: 'GET', url: '/wps/withdraw/info' })).statusCode).toBe(401);
  });

  it('a rejection gives the money back and tells the player why', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    const w = (await request(p)).json().value;
    const result = await admin('withdrawal', 'reject', w.id, '--reason', 'account name does not match');
    expect(result.output).toContain('rejected');
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(50_000n);
    expect((await list(p)).list[0]).toMatchObject({ status: 'rejected', rejectReason: 'account name does not match' });
    const notes = await t.db.kysely
      .selectFrom('member_notifications')
      .select('type')
      .where('member_id', '=', p.member.id)
      .execute();
    expect(notes.map((n) => n.type)).toEqual(['withdrawal.rejected']);
    expect((await admin('withdrawal', 'approve', w.id)).output).toContain('withdrawal.state');
  });

  it('approval pays once, schedules the auto receipt and refuses a second approval or a rejection', async () => {
    const { p, id } = await paid();
    expect(await balanceOf(t.db.kysely, p.member.id)).toBe(80_000n);
    expect(await availableOf(t.db.kysely, p.member.id)).toBe(80_000n);
    const w = (await list(p)).list[0];
    expect(w).toMatchObject({ status: 'awaiting_confirmation' });
    expect(w.autoReceiptAt - w.paidAt).toBe(30 * 60_000);
    expect((await admin('withdrawal', 'approve', id)).exitCode).toBe(1);
    expect((await admin('withdrawal', 'reject', id, '--reason', 'x')).exitCode).toBe(1);
    expect(await balanceOf(t.db.kysely, p.member.id)).toBe(80_000n);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('kind')
      .where('dedupe_key', '=', `${AUTO_RECEIPT_JOB}:${id}`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('keeps an account with an open withdrawal bound', async () => {
    const { p, id } = await paid();
    const unbind = () =>
      t.app.inject({ method: 'DELETE', url: `/wps/member/payout-accounts?id=${p.accountId}`, headers: p.headers });
    expect((await unbind()).json().code).toBe('payout.account.in.use');
    expect((await confirm(p, { id, action: 'all_received' })).statusCode).toBe(200);
    expect((await unbind()).statusCode).toBe(200);
    expect((await list(p)).list[0].payoutAccount.accountNumberMasked).toBe('•••• 3210');
  });

  it('confirms receipt in parts: received amount and remaining amount, then completed', async () => {
    const { p, id } = await paid(100_000n, '30000');
    expect((await confirm(p, { id, action: 'received' })).json().value.fields[0].field).toBe('body/receivedAmount');
    const part = await confirm(p, { id, action: 'received', receivedAmount: '10000' });
    expect(part.json().value).toMatchObject({ status: 'partially_received', receivedAmount: '10000', remainingAmount: '20000' });
    const tooMuch = await confirm(p, { id, action: 'received', receivedAmount: '20001' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().value.fields[0]).toMatchObject({
      key: 'withdrawal.errors.received_above_remaining',
      params: { remainingMinor: '20000' },
    });
    const rest = await confirm(p, { id, action: 'received', receivedAmount: '20000' });
    expect(rest.json().value).toMatchObject({ status: 'completed', completion: 'confirmed', remainingAmount: '0' });
    expect((await confirm(p, { id, action: 'all_received' })).json().code).toBe('withdrawal.state');
  });

  it('refuses confirmation before the payout and of another member’s withdrawal', async () => {
    const p = await playerWithBalance(t.db.kysely, 50_000n);
    const pending = (await request(p)).json().value;
    expect((await confirm(p, { id: pending.id, action: 'all_received' })).json().code).toBe('withdrawal.state');
    const { id } = await paid();
    expect((await confirm(p, { id, action: 'all_received' })).statusCode).toBe(404);
    expect((await notReceived(p, id, [{ name: 'proof', filename: 'a.png', type: 'image/png', data: PNG }])).statusCode).toBe(404);
    expect((await list(p)).list.map((w: { id: string }) => w.id)).toEqual([pending.id]);
    expect((await confirm(p, { id: 'abc', action: 'all_received' })).statusCode).toBe(400);
    expect((await confirm(p, { id, action: 'maybe' })).statusCode).toBe(400);
  });

  it('takes a "not received" report with a png proof, stops the auto receipt, and the operator can force it', async () => {
    const { p, id } = await paid();
    const notImage = await notReceived(p, id, [
      { name: 'proof', filename: 'a.png', type: 'image/png', data: 'GIF89a not really' },
    ]);
    expect(notImage.json().value.fields[0]).toMatchObject({ field: 'body/proof', key: 'feedback.image_type' });
    expect((await notReceived(p, id, [{ name: 'note', data: 'nothing came' }])).json().value.fields[0].field).toBe('body/proof');
    expect((await notReceived(p, id, [{ name: 'other', data: 'x' }])).statusCode).toBe(400);
    const planted = await notReceived(p, id, [
      { name: 'note', data: 'gone\u001b[2J\u001b[Hwithdrawal show: paid' },
      { name: 'proof', filename: 'a.png', type: 'image/png', data: PNG },
    ]);
    expect(planted.json().value.fields[0]).toMatchObject({ field: 'body/note', key: 'validation.control_characters' });
    // Spec §5 activity remark: 140 characters, counted as a reader counts them (each emoji one), refused past that.
    const longRemark = await notReceived(p, id, [
      { name: 'note', data: '😀'.repeat(141) },
      { name: 'proof', filename: 'a.png', type: 'image/png', data: PNG },
    ]);
    expect(longRemark.statusCode).toBe(400);
    expect(longRemark.json().value.fields[0]).toMatchObject({
      field: 'body/note',
      key: 'validation.remark_too_long',
      params: { max: 140 },
    });
    const tooBig = await notReceived(p, id, [
      { name: 'proof', filename: 'a.png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    ]);
    expect(tooBig.statusCode).toBe(413);
    const reported = await notReceived(p, id, [
      { name: 'proof', filename: 'a.png', type: 'image/png', data: PNG },
      { name: 'note', data: `nothing came ${'😀'.repeat(127)}` },
    ]);
    expect(reported.statusCode).toBe(200);
    expect(reported.json().value).toMatchObject({ status: 'disputed', hasProof: true });

    await sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE dedupe_key = ${`${AUTO_RECEIPT_JOB}:${id}`}`.execute(
      t.db.kysely,
    );
    await expect
      .poll(
        async () =>
          (
            await t.db.kysely
              .selectFrom('jobs')
              .select('done_at')
              .where('dedupe_key', '=', `${AUTO_RECEIPT_JOB}:${id}`)
              .executeTakeFirst()
          )?.done_at,
        {
          timeout: 5000,
        },
      )
      .toBeInstanceOf(Date);
    expect((await admin('withdrawal', 'show', id)).output).toContain('disputed');
    expect((await admin('withdrawal', 'force-received', id)).output).toContain('completed (forced)');
  });

  it('counts as received after the auto-receipt time when nobody confirmed', async () => {
    const { p, id } = await paid();
    await sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE dedupe_key = ${`${AUTO_RECEIPT_JOB}:${id}`}`.execute(
      t.db.kysely,
    );
    await expect.poll(async () => (await list(p)).list[0].status, { timeout: 5000 }).toBe('completed');
    expect((await list(p)).list[0]).toMatchObject({ completion: 'auto', receivedAmount: '20000', remainingAmount: '0' });
  });

  it('lists withdrawals for the operator by account, with amounts in the currency', async () => {
    const { p, id } = await paid(500_000n, '123456');
    const output = (await admin('withdrawal', 'list', '--status', 'awaiting_confirmation')).output;
    const line = output.split('\n').find((row) => row.startsWith(`${id}\t`));
    expect(line).toContain(`\t${p.member.account}\tBDT 1,234.56\tawaiting_confirmation\treceived BDT 0.00\t`);
    expect((await admin('withdrawal', 'show', id)).output).toContain(`\t${p.member.account}\tBDT 1,234.56\t`);
    expect((await admin('withdrawal', 'list', '--status', 'nonsense')).exitCode).not.toBe(0);
  });
});
