import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.js';
import { createTestApp } from '../../test/test-app.js';
import { TESTPSP } from './adapters/testpsp.js';
import { callbackPath } from './routes.js';
import { hmacHex } from './signatures.js';
import { newSecret } from './test/psp-process.js';

/** The callback door itself: the address allow-list before the signature, unknown providers and payments. */
describe('payment callbacks: the door', () => {
  const secret = newSecret();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PSP_TESTPSP_URL: 'http://127.0.0.1:9', PSP_TESTPSP_SECRETS: secret, PSP_TESTPSP_ALLOW: '203.0.113.0/24' },
    });
  });
  afterAll(() => t.close());

  const callback = (fields: Record<string, unknown> = {}) =>
    JSON.stringify({
      event: 'payment.completed',
      merchantId: 'demo',
      paymentId: 'PAYUNKNOWN1',
      reference: '999999',
      trxId: 'TPX1',
      amount: '1000',
      currency: 'BDT',
      timestamp: Math.floor(Date.now() / 1000),
      notificationId: 'n-1',
      ...fields,
    });
  const send = (body: string, remoteAddress: string, signature = hmacHex(secret, body)) =>
    t.app.inject({
      method: 'POST',
      url: callbackPath(TESTPSP),
      remoteAddress,
      headers: { 'content-type': 'application/json', 'x-testpsp-signature': signature },
      payload: body,
    });

  it('refuses a callback from outside the allowed addresses before looking at it', async () => {
    const answer = await send(callback(), '198.51.100.7');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ status: 'FORBIDDEN' });
  });

  it('refuses a bad signature (401) and a signed body that is not a callback (400)', async () => {
    expect((await send(callback(), '203.0.113.9', 'ab'.repeat(32))).statusCode).toBe(401);
    expect((await send(callback(), '203.0.113.9', hmacHex(newSecret(), callback()))).statusCode).toBe(401);
    const malformed = JSON.stringify({ hello: 'world' });
    expect((await send(malformed, '203.0.113.9')).statusCode).toBe(400);
    const stale = callback({ timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await send(stale, '203.0.113.9')).statusCode).toBe(401);
  });

  it('records a signed callback for a payment it never made, crediting nothing, and answers 200 so it stops', async () => {
    const body = callback();
    expect((await send(body, '203.0.113.9')).statusCode).toBe(200);
    expect((await send(body, '203.0.113.9')).statusCode).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('gateway_callbacks')
      .select(['outcome', 'order_id', 'source_ip'])
      .where('provider_payment_id', '=', 'PAYUNKNOWN1')
      .execute();
    expect(rows).toEqual([{ outcome: 'unknown_payment', order_id: null, source_ip: '203.0.113.9' }]);
  });

  it('answers 404 for a provider this server is not configured for', async () => {
    const answer = await t.app.inject({ method: 'POST', url: callbackPath('nopsp'), payload: '{}' });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses a configuration with a provider URL and no secret, or three secrets', () => {
    expect(() => loadConfig({ PSP_TESTPSP_URL: 'http://127.0.0.1:9' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        PSP_TESTPSP_URL: 'http://127.0.0.1:9',
        PSP_TESTPSP_SECRETS: [newSecret(), newSecret(), newSecret()].join(','),
      }),
    ).toThrow(/PSP_TESTPSP_SECRETS/);
    expect(
      loadConfig({ PSP_TESTPSP_URL: 'http://127.0.0.1:9/', PSP_TESTPSP_SECRETS: `${secret},${secret}` }).paymentProviders.testpsp,
    ).toMatchObject({ url: 'http://127.0.0.1:9', secrets: [secret, secret], allow: 'any' });
  });
});
