import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  });
  afterAll(() => t.close());

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, payload, headers: { authorization: token } });
    return { status: response.statusCode, body: response.json() };
  };
  const playerChannels = async (language: string) => {
    const member = await newMember(t.db.kysely);
    const response = await t.app.inject({
      url: '/wps/deposit/channels',
      headers: { authorization: await sessionFor(t.db.kysely, member), language },
    });
    return response.json().value.channels as {
      code: string;
      name: string;
      hosted: boolean;
      minMinor: string;
      paymentMinutes: number;
    }[];
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

  it('needs the settings permission', async () => {
    expect((await call(finance, 'GET', '/bo/api/channels')).status).toBe(403);
    expect((await call(finance, 'POST', '/bo/api/channels/save', channel({ code: 'sneaky' }))).status).toBe(403);
  });
});
