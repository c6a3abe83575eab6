import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { newSecret } from '../payments/test/psp-process.js';
import { sessionFor } from '../responsible-gaming/test/kit.js';
import { enrolledStaff } from '../staff/test/kit.js';

const channel = (fields: Record<string, unknown> = {}) => ({
  isNew: true,
  code: 'testpay',
  kind: 'instant',
  gateway: 'testpsp',
  names: { en: 'TestPay wallet', bn: 'টেস্টপে ওয়ালেট' },
  instructions: { en: '', bn: '' },
  minMinor: '10000',
  maxMinor: '2500000',
  feeBps: 150,
  feeFixedMinor: '0',
  currency: null,
  paymentMinutes: 10,
  sortOrder: 1,
  active: true,
  minVipLevel: 0,
  depositHistory: 'any',
  logo: null,
  payoutAccountType: null,
  ...fields,
});

/** The back office's deposit channels: a provider channel added and edited by staff is what players are offered. */
describe('deposit channels in the back office', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: string;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PSP_TESTPSP_URL: 'http://127.0.0.1:9', PSP_TESTPSP_SECRETS: newSecret() } });
    owner = (await enrolledStaff(t.app, t.services, 'boss', 'owner')).token;
    finance = (await enrolledStaff(t.app, t.services, 'cashier', 'finance')).token;
    // Two staff enrolments (password hashes) and an app: room for a loaded machine.
  }, 180_000);
  afterAll(() => t.close());

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, payload, headers: { authorization: token } });
    return { status: response.statusCode, body: response.json() };
  };
  const channelsOf = async (authorization: string, language = 'en') => {
    const response = await t.app.inject({ url: '/wps/deposit/channels', headers: { authorization, language } });
    return response.json().value.channels as {
      code: string;
      name: string;
      hosted: boolean;
      minMinor: string;
      paymentMinutes: number;
      logo: string;
    }[];
  };
  const playerChannels = async (language: string) =>
    channelsOf(await sessionFor(t.db.kysely, await newMember(t.db.kysely)), language);
  const deposit = async (authorization: string, code: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/orders',
      headers: { authorization },
      payload: { channel: code, amountMinor: '20000', requestId: crypto.randomUUID(), reference: 'TX1' },
    });
    return { status: response.statusCode, code: response.json().code as string, status_: response.json().value?.status };
  };

  it('lists the channels and the providers this server is configured for', async () => {
    const listed = await call(owner, 'GET', '/bo/api/channels');
    expect(listed.status).toBe(200);
    expect(listed.body.value.channels.map((c: { code: string }) => c.code)).toEqual(['demo']);
    expect(listed.body.value.gateways.map((g: { id: string }) => g.id)).toEqual(['playmoney', 'testpsp']);
  });

  it('adds a provider channel players see at once, edits it, and audits both', async () => {
    const added = await call(owner, 'POST', '/bo/api/channels/save', channel());
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.value).toMatchObject({ code: 'testpay', gateway: 'testpsp', feeBps: 150, active: true });
    expect(await playerChannels('bn')).toContainEqual(
      expect.objectContaining({ code: 'testpay', name: 'টেস্টপে ওয়ালেট', hosted: true, minMinor: '10000', paymentMinutes: 10 }),
    );
    const again = await call(owner, 'POST', '/bo/api/channels/save', channel());
    expect(again).toMatchObject({ status: 409, body: { code: 'channel.exists' } });

    const edited = await call(
      owner,
      'POST',
      '/bo/api/channels/save',
      channel({ isNew: false, minMinor: '50000', active: false }),
    );
    expect(edited.body.value).toMatchObject({ minMinor: '50000', active: false });
    expect((await playerChannels('en')).map((c) => c.code)).toEqual(['demo']);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor'])
      .where('action', '=', 'deposit.channel')
      .execute();
    expect(audit).toEqual([
      { action: 'deposit.channel', target: 'testpay', actor: 'boss' },
      { action: 'deposit.channel', target: 'testpay', actor: 'boss' },
    ]);
  });

  it('refuses a provider this server lacks, a transfer channel with a provider, limits upside down, and unknown channels', async () => {
    const unknown = await call(owner, 'POST', '/bo/api/channels/save', channel({ code: 'other', gateway: 'nopay' }));
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'channel.invalid', value: { fields: [{ key: 'channels.error_gateway_unknown' }] } },
    });
    const bank = await call(owner, 'POST', '/bo/api/channels/save', channel({ code: 'bank2', kind: 'bank' }));
    expect(bank.body.value.fields[0].key).toBe('channels.error_gateway_kind');
    const upside = await call(
      owner,
      'POST',
      '/bo/api/channels/save',
      channel({ code: 'other', minMinor: '900', maxMinor: '800' }),
    );
    expect(upside.body.value.fields[0].key).toBe('channels.error_limits');
    const missing = await call(owner, 'POST', '/bo/api/channels/save', channel({ code: 'ghost', isNew: false }));
    expect(missing).toMatchObject({ status: 404, body: { code: 'deposit.channel.unavailable' } });
    const bad = await call(owner, 'POST', '/bo/api/channels/save', channel({ feeBps: 20_000, code: 'UPPER' }));
    expect(bad).toMatchObject({ status: 400, body: { code: 'request.invalid' } });
  });

  it('offers a channel only to the VIP levels and deposit history it is set for, and refuses it to the others', async () => {
    const transfer = { kind: 'bank', gateway: null, names: { en: 'Bank', bn: 'ব্যাংক' } };
    for (const fields of [
      { code: 'vip-bank', minVipLevel: 2, logo: 'card' },
      { code: 'welcome', depositHistory: 'first' },
      { code: 'regular', depositHistory: 'repeat' },
    ]) {
      const saved = await call(owner, 'POST', '/bo/api/channels/save', channel({ ...transfer, ...fields }));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.value).toMatchObject(fields);
    }
    const member = await newMember(t.db.kysely);
    const session = await sessionFor(t.db.kysely, member);
    const codes = async () => (await channelsOf(session)).map((c) => c.code);

    expect(await codes()).toEqual(['demo', 'welcome']);
    expect(await deposit(session, 'vip-bank')).toMatchObject({ status: 404, code: 'deposit.channel.unavailable' });
    expect(await deposit(session, 'regular')).toMatchObject({ status: 404, code: 'deposit.channel.unavailable' });

    expect(await deposit(session, 'demo')).toMatchObject({ status: 200, status_: 'approved' });
    expect(await codes()).toEqual(['demo', 'regular']);
    expect(await deposit(session, 'welcome')).toMatchObject({ status: 404, code: 'deposit.channel.unavailable' });
    expect(await deposit(session, 'regular')).toMatchObject({ status: 200, status_: 'pending' });

    await t.db.kysely
      .insertInto('loyalty_members')
      .values({ member_id: member.id, merchant_code: member.merchantCode, rank_level: 2, highest_level: 2 })
      .onConflict((conflict) => conflict.column('member_id').doUpdateSet({ rank_level: 2, highest_level: 2 }))
      .execute();
    const listed = await channelsOf(session);
    expect(listed.map((c) => c.code)).toEqual(['demo', 'vip-bank', 'regular']);
    expect(listed.map((c) => c.logo)).toEqual(['instant', 'card', 'bank']);
    expect(await deposit(session, 'vip-bank')).toMatchObject({ status: 200, status_: 'pending' });
  });

  it('keeps payouts to provider channels', async () => {
    const payout = await call(owner, 'POST', '/bo/api/channels/save', channel({ code: 'payer', payoutAccountType: 'ewallet' }));
    expect(payout.body.value).toMatchObject({ code: 'payer', payoutAccountType: 'ewallet' });
    const playMoney = await call(
      owner,
      'POST',
      '/bo/api/channels/save',
      channel({ code: 'fake', gateway: 'playmoney', payoutAccountType: 'bank' }),
    );
    expect(playMoney).toMatchObject({ status: 400, body: { value: { fields: [{ key: 'channels.error_payout_gateway' }] } } });
  });

  it('adds a provider channel that pays out from the operator CLI, and refuses payouts through play money', async () => {
    const add = (code: string, gateway: string, payout: string) =>
      runAdmin(
        [
          'deposit',
          'channel',
          'add',
          code,
          '--kind',
          'instant',
          '--gateway',
          gateway,
          '--name',
          code,
          '--min',
          '100',
          '--max',
          '500',
          '--payout',
          payout,
        ],
        t.services,
      );
    expect(await add('cli-pay', 'testpsp', 'ewallet')).toMatchObject({ exitCode: 0, output: 'added channel cli-pay' });
    const listed = (await call(owner, 'GET', '/bo/api/channels')).body.value.channels as {
      code: string;
      payoutAccountType: string;
    }[];
    expect(listed.find((row) => row.code === 'cli-pay')).toMatchObject({ payoutAccountType: 'ewallet' });
    expect(await add('cli-fake', 'playmoney', 'bank')).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining('--payout needs a payment provider'),
    });
    expect(await add('cli-odd', 'testpsp', 'cash')).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining('expected one of bank, ewallet'),
    });
  });

  it('needs the settings permission', async () => {
    expect((await call(finance, 'GET', '/bo/api/channels')).status).toBe(403);
    expect((await call(finance, 'POST', '/bo/api/channels/save', channel({ code: 'sneaky' }))).status).toBe(403);
  });
});
