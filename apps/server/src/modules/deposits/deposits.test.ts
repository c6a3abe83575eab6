import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(files: { name: string; bytes: Buffer; type: string }[]) {
  const boundary = `----t${randomUUID()}`;
  const parts = files.map((file, i) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="f${i}.png"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('deposits', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const admin = (...argv: string[]) => runAdmin(argv, t.services);
  const player = async () => {
    const member = await newMember(t.db.kysely);
    const token = await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.1.0.1' });
    return { member, headers: { authorization: token } };
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
  const balanceOf = async (headers: Record<string, string>) =>
    (await call('GET', '/wps/v2/wallets/balance', headers)).json().value;

  beforeAll(async () => {
    t = await createTestApp();
    const added = await admin(
      'deposit',
      'channel',
      'add',
      'bank1',
      '--kind',
      'bank',
      '--name',
      'City Bank transfer',
      '--name-bn',
      'সিটি ব্যাংক',
      '--min',
      '500',
      '--max',
      '25000',
      '--account',
      'Account number=0123456789',
      '--instructions',
      'Transfer, then enter the reference',
    );
    expect(added.exitCode, added.output).toBe(0);
  });
  afterAll(() => t.close());

  it('lists the demo play-money channel and the operator bank channel with limits and details', async () => {
    const { headers } = await player();
    const res = await call('GET', '/wps/deposit/channels', { ...headers, language: 'en' });
    expect(res.statusCode).toBe(200);
    const channels = res.json().value.channels;
    expect(channels.map((c: { code: string }) => c.code)).toEqual(['demo', 'bank1']);
    expect(channels[0]).toMatchObject({ name: 'Demo — play money', instant: true, playMoney: true, minMinor: '10000' });
    expect(channels[1]).toMatchObject({
      kind: 'bank',
      instant: false,
      minMinor: '50000',
      maxMinor: '2500000',
      accountDetails: [{ label: 'Account number', value: '0123456789' }],
    });
    const bn = await call('GET', '/wps/deposit/channels', { ...headers, language: 'bn' });
    expect(bn.json().value.channels[1].name).toBe('সিটি ব্যাংক');
  });

  it('credits a demo deposit at once and shows it in the balance; repeating the request credits once', async () => {
    const { headers } = await player();
    expect((await balanceOf(headers)).sumBalance).toBe('0');
    const body = { channel: 'demo', amountMinor: '150000', requestId: randomUUID() };
    const first = await call('POST', '/wps/deposit/orders', headers, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ status: 'approved', amountMinor: '150000' });
    const again = await call('POST', '/wps/deposit/orders', headers, body);
    expect(again.json().value.id).toBe(first.json().value.id);
    const balance = await balanceOf(headers);
    expect(balance).toMatchObject({ sumBalance: '150000', currency: 'BDT', currencySymbol: '৳', playMoney: false });
    const notes = (await call('GET', '/wps/member/notifications', headers)).json().value;
    expect(notes.list.map((n: { type: string }) => n.type)).toEqual(['deposit.approved']);
  });

  it('keeps a bank order pending until the operator approves it, then credits once', async () => {
    const { member, headers } = await player();
    const created = await call('POST', '/wps/deposit/orders', headers, {
      channel: 'bank1',
      amountMinor: '100000',
      reference: 'TRX-991',
      requestId: randomUUID(),
    });
    const order = created.json().value;
    expect(order).toMatchObject({ status: 'pending', reference: 'TRX-991' });
    const planted = await call('POST', '/wps/deposit/orders', headers, {
      channel: 'bank1',
      amountMinor: '100000',
      reference: 'TRX\u001b[2J\u001b[Hdeposit approved',
      requestId: randomUUID(),
    });
    expect(planted.statusCode).toBe(400);
    expect(planted.json().value.fields[0]).toMatchObject({ field: 'body/reference', key: 'validation.control_characters' });
    expect((await balanceOf(headers)).sumBalance).toBe('0');
    const listed = (await admin('deposit', 'list', '--status', 'pending')).output.split('\n');
    expect(listed.find((row) => row.startsWith(`${order.id}\t`))).toContain(
      `\t${member.account}\tbank1\tBDT 1,000.00\tpending\t`,
    );
    expect((await admin('deposit', 'approve', order.id)).output).toBe(`order ${order.id} approved`);
    expect((await admin('deposit', 'approve', order.id)).exitCode).toBe(0);
    expect((await balanceOf(headers)).sumBalance).toBe('100000');
    const rejected = await admin('deposit', 'reject', order.id, '--reason', 'late');
    expect(rejected).toMatchObject({ exitCode: 1, output: 'error: deposit.order.state' });
    const types = (await call('GET', '/wps/member/notifications', headers))
      .json()
      .value.list.map((n: { type: string }) => n.type);
    expect(types).toEqual(['deposit.approved', 'deposit.arrived']);
  });

  it('shows the reason of a rejected order and never credits it', async () => {
    const { headers } = await player();
    const order = (
      await call('POST', '/wps/deposit/orders', headers, { channel: 'bank1', amountMinor: '60000', requestId: randomUUID() })
    ).json().value;
    expect((await admin('deposit', 'reject', order.id, '--reason', 'No transfer received')).exitCode).toBe(0);
    expect((await admin('deposit', 'approve', order.id)).output).toBe('error: deposit.order.state');
    const list = (await call('GET', '/wps/deposit/orders', headers)).json().value;
    expect(list).toMatchObject({ total: 1, list: [{ id: order.id, status: 'rejected', reason: 'No transfer received' }] });
    expect((await balanceOf(headers)).sumBalance).toBe('0');
  });

  it('refuses amounts outside the channel limits, unknown channels and bad input with 4xx envelopes', async () => {
    const { headers } = await player();
    const low = await call('POST', '/wps/deposit/orders', headers, {
      channel: 'bank1',
      amountMinor: '49999',
      requestId: randomUUID(),
    });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'deposit.amount.out.of.range',
      value: { fields: [{ params: { minMinor: '50000', maxMinor: '2500000' } }] },
    });
    const unknown = await call('POST', '/wps/deposit/orders', headers, {
      channel: 'nope',
      amountMinor: '60000',
      requestId: randomUUID(),
    });
    expect(unknown.json()).toMatchObject({ code: 'deposit.channel.unavailable' });
    for (const body of [
      { channel: 'bank1', amountMinor: '-5', requestId: randomUUID() },
      { channel: 'bank1', amountMinor: '12.5', requestId: randomUUID() },
      { channel: 'bank1', amountMinor: '60000' },
      { channel: 'bank1', amountMinor: '60000', requestId: randomUUID(), extra: 1 },
    ]) {
      const res = await call('POST', '/wps/deposit/orders', headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
    expect((await call('GET', '/wps/deposit/orders', {})).statusCode).toBe(401);
  });

  it('accepts png/jpg proof by content on the own pending order only, at most three', async () => {
    const owner = await player();
    const other = await player();
    const order = (
      await call('POST', '/wps/deposit/orders', owner.headers, {
        channel: 'bank1',
        amountMinor: '60000',
        requestId: randomUUID(),
      })
    ).json().value;
    const upload = (headers: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[]) => {
      const form = multipart(files);
      return t.app.inject({
        method: 'PUT',
        url: `/wps/deposit/proof?orderId=${order.id}`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    };
    const stranger = await upload(other.headers, [{ name: 'images', bytes: PNG, type: 'image/png' }]);
    expect(stranger.statusCode).toBe(404);
    const fake = await upload(owner.headers, [{ name: 'images', bytes: Buffer.from('<svg/>'), type: 'image/png' }]);
    expect(fake.json()).toMatchObject({ code: 'request.invalid', value: { fields: [{ key: 'feedback.image_type' }] } });
    const ok = await upload(owner.headers, [
      { name: 'images', bytes: PNG, type: 'image/png' },
      { name: 'images', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]), type: 'image/jpeg' },
    ]);
    expect(ok.json().value.proofCount).toBe(2);
    const tooMany = await upload(owner.headers, [
      { name: 'images', bytes: PNG, type: 'image/png' },
      { name: 'images', bytes: PNG, type: 'image/png' },
    ]);
    expect(tooMany.json()).toMatchObject({ code: 'request.invalid', value: { fields: [{ key: 'feedback.too_many_images' }] } });
  });

  it("never shows one member's orders, notifications or balance to another", async () => {
    const owner = await player();
    const other = await player();
    await call('POST', '/wps/deposit/orders', owner.headers, { channel: 'demo', amountMinor: '20000', requestId: randomUUID() });
    expect((await call('GET', '/wps/deposit/orders', other.headers)).json().value).toEqual({ list: [], total: 0 });
    expect((await call('GET', '/wps/member/notifications', other.headers)).json().value).toEqual({ list: [], unread: 0 });
    expect((await balanceOf(other.headers)).sumBalance).toBe('0');
    expect((await balanceOf(owner.headers)).sumBalance).toBe('20000');
  });

  it('refuses deposits and wallet transfers for trial accounts, which get their play money once', async () => {
    const trial = await newMember(t.db.kysely, { agentType: 4 });
    const headers = {
      authorization: await startSession(t.db.kysely, { memberId: trial.id, merchantCode: DEMO_MERCHANT, ip: '10.1.0.2' }),
    };
    const refused = await call('POST', '/wps/deposit/orders', headers, {
      channel: 'demo',
      amountMinor: '20000',
      requestId: randomUUID(),
    });
    expect(refused.json().code).toBe('in_need_true_account');
    // The first reads race each other (on PostgreSQL): every one must see the play money, credited once.
    const reads = await Promise.all(Array.from({ length: 6 }, () => balanceOf(headers)));
    for (const read of reads) expect(read).toMatchObject({ sumBalance: '100000', playMoney: true });
    expect((await balanceOf(headers)).sumBalance).toBe('100000');
  });
});
