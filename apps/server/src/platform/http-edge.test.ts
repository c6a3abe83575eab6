import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange } from '../test/fuzz/answers.js';
import { createTestApp } from '../test/test-app.js';
import { originForm } from './http-edge.js';

describe('originForm', () => {
  it('keeps the path and query of an absolute-form target and leaves an origin-form one alone', () => {
    expect(originForm('http://host:8080/wps/system/status?host=x')).toBe('/wps/system/status?host=x');
    expect(originForm('HTTPS://host')).toBe('/');
    expect(originForm('http://host?x=1')).toBe('/?x=1');
    expect(originForm('/wps/system/status')).toBe('/wps/system/status');
  });
});

describe('the HTTP edge', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_ALLOW: '10.0.0.0/8', API_DOCS: 'off' },
      extend: (app) => {
        app.get('/wps/test/database-restarting', async () => {
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        });
        app.get('/wps/test/broken', async () => {
          throw new Error('a bug');
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers a request line in absolute form for the merchant of its path', async () => {
    const answer = await rawExchange(
      port,
      `GET http://127.0.0.1:${port}/wps/system/status?host=localhost HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, code: 'ok' });
  });

  it("sends Node's 431 for over-long headers as the envelope", async () => {
    const answer = await rawExchange(port, `GET /wps/system/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      value: null,
      message: 'errors.request_too_large',
      code: 'request.headers.too.large',
    });
  });

  it('marks API answers no-store and every answer with a Permissions-Policy; assets keep their caching', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/wps/system/status?host=localhost' });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['permissions-policy']).toContain('camera=()');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c2b.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['permissions-policy']).toContain('geolocation=()');
  });

  it('answers /metrics only to the allowed networks and serves no API docs when they are off', async () => {
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('http_requests_total');
    const inside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(inside.statusCode).toBe(200);
    expect(inside.body).toContain('http_requests_total');
    for (const url of ['/openapi.json', '/docs']) {
      const docs = await t.app.inject({ method: 'GET', url });
      expect(docs.statusCode).toBe(404);
      expect(docs.body).not.toContain('openapi');
    }
  });

  it('answers a request the database was briefly unreachable for with 503 system.not.ready, a bug with 500', async () => {
    const restarting = await t.app.inject({ method: 'GET', url: '/wps/test/database-restarting' });
    expect(restarting.statusCode).toBe(503);
    expect(restarting.json()).toMatchObject({ success: false, code: 'system.not.ready' });
    const broken = await t.app.inject({ method: 'GET', url: '/wps/test/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ success: false, code: 'system.error' });
  });
});
