import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

describe('image captcha', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a fresh PNG with its id, uncached, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.9.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = response.json().value;
    const png = Buffer.from(value.image, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(120);
    expect(png.readUInt32BE(20)).toBe(40);
    expect(value.captchaId).toMatch(/^[0-9a-f]{36}$/);
    expect(value.expiresAt - Date.now()).toBeGreaterThan(110_000);
  });

  it('refreshes at most once a second per address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
    const tooSoon = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.9.0.2' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'captcha.too.frequent', message: 'errors.captcha_too_frequent' });
    expect((await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.9.0.3' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
  });
});
