import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff } from '../staff/test/kit.js';

describe('the back office settings calls', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await enrolledStaff(t.app, t.services, 'operator', 'owner')).token;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'PUT', payload?: object) => {
    const response = await t.app.inject({ method, url: '/bo/api/settings', payload, headers: { authorization: token } });
    return { status: response.statusCode, body: response.json() };
  };
  const whitelabel = () => t.app.inject({ url: '/wps/system/whitelabel' });

  it('closes the site for maintenance on the next player call and reopens it, each change in the audit log', async () => {
    expect((await whitelabel()).statusCode).toBe(200);
    const on = await call('PUT', { key: 'maintenance', value: { enabled: true, endAt: null } });
    expect(on.status).toBe(200);
    expect((await whitelabel()).json()).toMatchObject({ code: 'system.maintenance' });
    expect((await call('GET')).body.value.maintenance).toEqual({ enabled: true, endAt: null });
    expect((await call('PUT', { key: 'maintenance', value: { enabled: false, endAt: null } })).status).toBe(200);
    expect((await whitelabel()).statusCode).toBe(200);

    const audit = await t.services.auditLog.page({ action: 'settings.set', target: 'maintenance' }, 0, 2);
    expect(audit.entries.map((entry) => [entry.actor, entry.actorKind, entry.after])).toEqual([
      ['operator', 'staff', { enabled: false, endAt: null }],
      ['operator', 'staff', { enabled: true, endAt: null }],
    ]);
  });

  it('refuses what the CLI refuses, naming each field, and keeps the stored value', async () => {
    const before = (await call('GET')).body.value.region;
    const refused = await call('PUT', {
      key: 'region',
      value: { ...before, allowCountries: ['bd'], denyCidrs: ['10.0.0.0/99'] },
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'settings.rejected']);
    expect(refused.body.value.fields[0].field).toMatch(/^body\/value\/allowCountries\/0$/);
    const semantic = await call('PUT', { key: 'region', value: { ...before, denyCidrs: ['10.0.0.0/99'] } });
    expect([semantic.status, semantic.body.code]).toEqual([400, 'settings.rejected']);
    expect(semantic.body.value.fields[0].params.reason).toContain('10.0.0.0/99');
    expect((await call('GET')).body.value.region).toEqual(before);
  });

  it('edits a key the CLI edits (customer service) and answers the stored value', async () => {
    const current = (await call('GET')).body.value.customerService;
    const saved = await call('PUT', { key: 'customerService', value: current });
    expect([saved.status, saved.body.value]).toEqual([200, current]);
  });
});
