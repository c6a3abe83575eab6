import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { createTestApp } from '../../test/test-app.js';

const countries: Record<string, string> = { '127.0.0.1': 'BD', '203.0.113.9': 'US' };

describe('system calls', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ countryOf: (ip) => countries[ip] ?? null });
  });
  afterAll(() => t.close());

  const status = async (headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/system/status?host=localhost', headers });
    return { response, body: response.json() };
  };

  it('answers status 0 with location, settings and product config in the envelope', async () => {
    const { response, body } = await status();
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ success: true, code: 'ok', message: '' });
    expect(body.value).toMatchObject({
      status: 0,
      maintenance: false,
      maintenanceEnd: null,
      regionRestriction: false,
      location: { ip: '127.0.0.1', country: 'BD' },
      info: {
        mainDomain: 'localhost',
        customerService: [
          { csType: 'LIVECHAT', path: '/helpmc' },
          { csType: 'VIP', path: '/helpmc' },
        ],
      },
      product: { defaultLang: 'bn', supportLanguages: ['bn', 'en'], device: 'WEB' },
    });
    expect(body.value.info.whitelabel.modId).toBe('ROOT');
    expect(Array.isArray(body.value.info.imageCDNs)).toBe(true);
  });

  it('shows maintenance with its end time on the very next request, and refuses other calls meanwhile', async () => {
    const endAt = Date.now() + 3_600_000;
    await t.settings.set(DEMO_MERCHANT, 'maintenance', { enabled: true, endAt }, 'test');
    const { body } = await status();
    expect(body.value).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: endAt });
    const gated = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(gated.statusCode).toBe(503);
    expect(gated.json()).toMatchObject({ success: false, code: 'system.maintenance', message: 'errors.system_maintenance' });
    await t.settings.set(DEMO_MERCHANT, 'maintenance', { enabled: false, endAt: null }, 'test');
    expect((await status()).body.value.status).toBe(0);
  });

  it('lifts maintenance by itself once its end time has passed', async () => {
    await t.settings.set(DEMO_MERCHANT, 'maintenance', { enabled: true, endAt: Date.now() - 1000 }, 'test');
    expect((await status()).body.value).toMatchObject({ status: 0, maintenance: false, maintenanceEnd: null });
    await t.settings.set(DEMO_MERCHANT, 'maintenance', { enabled: false, endAt: null }, 'test');
  });

  it('answers status 2 to a caller from a denied country and refuses its other calls', async () => {
    await t.settings.update(DEMO_MERCHANT, 'region', (policy) => ({ ...policy, denyCountries: ['BD'] }), 'test');
    const { body } = await status();
    expect(body.value).toMatchObject({ status: 2, regionRestriction: true, location: { ip: '127.0.0.1', country: 'BD' } });
    const gated = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ success: false, code: 'access.restricted' });
    await t.settings.update(DEMO_MERCHANT, 'region', (policy) => ({ ...policy, denyCountries: [] }), 'test');
    expect((await status()).body.value.status).toBe(0);
  });

  it('ignores X-Forwarded-For unless a trusted proxy is configured', async () => {
    const { body } = await status({ 'x-forwarded-for': '203.0.113.9' });
    expect(body.value.location).toEqual({ ip: '127.0.0.1', country: 'BD' });
  });

  it('serves the whitelabel tree, register rules, domain routes and help centre', async () => {
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
    expect((await get('/wps/system/whitelabel')).value.childrenNodes.length).toBeGreaterThan(0);
    const rules = (await get('/wps/system/setting/register')).value;
    expect(rules.username).toMatchObject({ shown: true, required: true, patternId: 1, minLength: 6, maxLength: 16 });
    expect((await get('/wps/system/domainRoute')).value.domainList).toContainEqual({ domain: 'localhost', isMain: true });
    // The demo help centre is seeded by the content module (modules/content/demo-help-center.ts).
    expect((await get('/wps/system/helpCenter')).value).toContainEqual(expect.objectContaining({ id: 'terms' }));
  });

  it('rejects a duplicated Merchant header and an unknown merchant with 400 envelopes', async () => {
    const duplicated = await status({ merchant: 'demo, other' });
    expect(duplicated.response.statusCode).toBe(400);
    expect(duplicated.body).toMatchObject({ success: false, code: 'function.not.available' });
    const unknown = await status({ merchant: 'nobody' });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, code: 'merchant.unknown' });
  });

  it('answers bad input with a 400 envelope naming the field, never a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/wps/system/status?host=${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'request.invalid',
      message: 'errors.request_invalid',
      value: { fields: [{ field: 'querystring/host', key: 'validation.too_long', params: { limit: 253 } }] },
    });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/ANY_call',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ success: false, code: 'request.invalid' });
  });

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
      success: true,
      value: { status: 'ok' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
      success: true,
      value: { status: 'ready' },
    });
  });
});
