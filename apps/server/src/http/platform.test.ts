import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { defineCall } from '@tessera/contract/api/call';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../db/seed/demo-merchant.js';
import { hashToken } from '../modules/sessions/service.js';
import { newMember } from '../test/factories.js';
import { createTestApp } from '../test/test-app.js';
import { registerCall } from './register-call.js';
import { optionalMemberOf } from './request-context.js';

const whoAmI = defineCall(
  { id: 'test.who-am-i', method: 'GET', path: '/wps/test/whoami', auth: 'token' },
  {
    tags: ['test'],
    summary: 'A token-required call used only by this test',
    value: Type.Object({ memberId: Type.String() }),
  },
);

const whoMightIBe = defineCall(
  { id: 'test.who-might-i-be', method: 'GET', path: '/wps/test/whomightibe', auth: 'optional' },
  {
    tags: ['test'],
    summary: 'An optional-token call used only by this test',
    value: Type.Object({ memberId: Type.Union([Type.String(), Type.Null()]) }),
  },
);

const rename = defineCall(
  { id: 'test.rename', method: 'POST', path: '/wps/test/rename', auth: 'token' },
  {
    tags: ['test'],
    summary: 'A token-required call with a body, used only by this test',
    body: Type.Object({ name: Type.String({ minLength: 3 }) }),
    value: Type.Object({ name: Type.String() }),
  },
);

describe('HTTP platform', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app, _services, http) => {
        registerCall(app, http, whoAmI, async (request) => ({ memberId: String(request.session?.memberId) }));
        registerCall(app, http, rename, async (request) => ({ name: request.body.name }));
        registerCall(app, http, whoMightIBe, async (request) => {
          const memberId = optionalMemberOf(request);
          return { memberId: memberId === null ? null : String(memberId) };
        });
      },
    });
  });
  afterAll(() => t.close());

  // Sessions belong to real members (foreign key, one live session per member): each gets a fresh one.
  let sessionMemberId = 0n;
  const newSession = async (overrides: { expiresAt?: Date; endedAt?: Date | null } = {}) => {
    const token = randomBytes(32).toString('base64url');
    sessionMemberId = (await newMember(t.db.kysely)).id;
    await t.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        member_id: sessionMemberId,
        merchant_code: DEMO_MERCHANT,
        expires_at: overrides.expiresAt ?? new Date(Date.now() + 3_600_000),
        ended_at: overrides.endedAt ?? null,
        end_reason: overrides.endedAt ? 'replaced' : null,
      })
      .execute();
    return token;
  };

  describe('token check', () => {
    it('refuses a token-required call without a token with 401 login.not.session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/test/whoami' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'login.not.session', message: 'errors.not_logged_in' });
    });

    it('checks the token before the body: an anonymous caller gets 401, not the field errors', async () => {
      const rename = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: '/wps/test/rename', headers, payload: { name: 1 } });
      const anonymous = await rename();
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('login.not.session');
      expect((await rename({ authorization: await newSession() })).statusCode).toBe(400);
    });

    it('accepts a live session token sent bare in Authorization', async () => {
      const token = await newSession();
      const response = await t.app.inject({ method: 'GET', url: '/wps/test/whoami', headers: { authorization: token } });
      expect(response.json()).toEqual({ success: true, code: 'ok', message: '', value: { memberId: String(sessionMemberId) } });
    });

    it('refuses forged, expired and logged-out tokens alike', async () => {
      const loggedOut = await newSession();
      await t.db.kysely
        .updateTable('sessions')
        .set({ ended_at: new Date(), end_reason: 'logout' })
        .where('token_hash', '=', hashToken(loggedOut))
        .execute();
      const tokens = [
        randomBytes(32).toString('base64url'),
        await newSession({ expiresAt: new Date(Date.now() - 1000) }),
        loggedOut,
      ];
      for (const token of tokens) {
        const response = await t.app.inject({ method: 'GET', url: '/wps/test/whoami', headers: { authorization: token } });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('login.not.session');
      }
    });
  });

  describe('session taken over', () => {
    it('tells the holder of a token a newer login ended that the account signed in elsewhere', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/test/whoami',
        headers: { authorization: await newSession({ endedAt: new Date() }) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'login.session.replaced', message: 'errors.signed_in_elsewhere' });
    });

    it('says only "not logged in" when the takeover is older than a session would have lived', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/wps/test/whoami',
        headers: { authorization: await newSession({ endedAt: new Date(Date.now() - 13 * 3600_000) }) },
      });
      expect(response.json().code).toBe('login.not.session');
    });
  });

  describe('optional token', () => {
    it('knows the member of a live token, and answers without one or with a stale one', async () => {
      const token = await newSession();
      const ask = (authorization?: string) =>
        t.app.inject({ method: 'GET', url: '/wps/test/whomightibe', headers: authorization ? { authorization } : {} });
      expect((await ask(token)).json().value).toEqual({ memberId: String(sessionMemberId) });
      expect((await ask()).json().value).toEqual({ memberId: null });
      const stale = await ask(await newSession({ endedAt: new Date() }));
      expect(stale.statusCode).toBe(200);
      expect(stale.json().value).toEqual({ memberId: null });
    });
  });

  describe('routing', () => {
    it('answers unknown API paths with a 404 envelope under every API prefix', async () => {
      for (const url of ['/wps/nope', '/lgw/games/nope', '/lotto/x', '/wps']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({
          success: false,
          value: null,
          code: 'route.not.found',
          message: 'errors.route_not_found',
        });
      }
    });

    it('answers an unknown relay name with relay.not.found', async () => {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: '/wps/relay/GCSGAME_noSuchCall' });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('relay.not.found');
      }
    });

    it('serves the web app for any other path so a reload of /vip works, /register.html included', async () => {
      for (const url of ['/', '/vip', '/index', '/register.html', '/help#terms']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('private, no-cache');
        expect(response.body).toContain('<div id="root">');
      }
    });

    it('serves hashed assets with a year-long immutable cache and 404s missing files', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c2b.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const missing = await t.app.inject({ method: 'GET', url: '/assets/index-00000000.js' });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('cross-cutting', () => {
    it('sends a CSP without inline scripts or styles and the usual security headers', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/index' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).not.toMatch(/style-src[^;]*'unsafe-inline'/);
      expect(csp).toContain('report-uri /csp-report');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('takes CSP violation reports from browsers and answers 400 to anything else there', async () => {
      const report = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/csp-report',
          headers: { 'content-type': 'application/csp-report' },
          payload,
        });
      const valid = await report(JSON.stringify({ 'csp-report': { 'document-uri': 'http://x/index', 'blocked-uri': 'inline' } }));
      expect(valid.statusCode).toBe(204);
      const notJson = await report('<html>');
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ success: false, code: 'request.invalid' });
    });

    it("sends the build's precompressed copy of a file as it is, and compresses the others as they are sent", async () => {
      const asset = (encoding: string) =>
        t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c2b.js', headers: { 'accept-encoding': encoding } });
      const brotli = await asset('gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toMatch(/^console\.log\(.*\/\/ precompressed$/);
      const gzipOnly = await asset('gzip');
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzipOnly.rawPayload).toString()).toMatch(/^console\.log\(.*\);$/);
    });

    it('compresses answers when the client accepts it', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/index-3f9a1c2b.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      const status = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'accept-encoding': 'br' } });
      expect(status.headers['content-encoding']).toBe('br');
    });

    it('counts requests and latencies per route pattern in Prometheus format', async () => {
      await t.app.inject({ method: 'GET', url: '/wps/system/status' });
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.headers['content-type']).toContain('text/plain');
      expect(metrics.body).toMatch(/http_requests_total\{method="GET",route="\/wps\/system\/status",status_code="200"\} \d+/);
      expect(metrics.body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/wps/system/status"');
    });

    it('publishes an OpenAPI document generated from the contract, and its UI', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.paths['/wps/system/status'].get.operationId).toBe('system.status');
      expect(doc.paths['/wps/test/whoami'].get.security).toEqual([{ token: [] }]);
      const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toContain('swagger');
    });
  });
});
