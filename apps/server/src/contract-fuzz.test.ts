import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { CallDef } from '@tessera/contract/api/call';
import { type SealingKey, sealRequest } from '@tessera/contract/crypto/sealed-request';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from './db/seed/demo-merchant.js';
import { hashToken } from './modules/sessions/service.js';
import { newMember } from './test/factories.js';
import { type Answer, problemWith, rawExchange } from './test/fuzz/answers.js';
import { contractCalls } from './test/fuzz/contract-calls.js';
import {
  FIELD_SWEEP_VALUES,
  queryString,
  type RequestShape,
  requestShape,
  type Schema,
  validSample,
} from './test/fuzz/inputs.js';
import { createTestApp } from './test/test-app.js';

/*
 * Every call of the contract, fed generated bad input over real HTTP: wrong types, out-of-range numbers in every
 * spelling, control characters, huge and deeply nested values, bodies of the wrong kind, absolute-form request lines,
 * and the requests Node itself refuses. No answer may be a 5xx, and every answer is the envelope. The seed is fixed,
 * so a failure repeats; `npm run fuzz` runs the same with a far larger budget (FUZZ_RUNS_PER_CALL).
 */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS_PER_CALL ?? 5);
const SEED = Number(process.env.FUZZ_SEED ?? 24);

const calls = await contractCalls();
const tally = { requests: 0, byStatus: new Map<number, number>() };
const count = (answer: Answer) => {
  tally.requests += 1;
  tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
};

describe('contract fuzz', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port = 0;
  let sealingKey: SealingKey;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    sealingKey = ((await (await fetch(`http://127.0.0.1:${port}/wps/session/key/rsa`)).json()) as { value: SealingKey }).value;
  });
  afterAll(async () => {
    console.log(
      `contract fuzz: ${calls.length} calls, ${tally.requests} requests, answers by status ${JSON.stringify(Object.fromEntries([...tally.byStatus].sort()))}`,
    );
    await t.close();
  });

  /** A member of its own with a live session for each call, so a call that ends sessions spoils no other. */
  const sessionToken = async () => {
    const member = await newMember(t.db.kysely);
    const token = randomBytes(32).toString('base64url');
    await t.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        member_id: member.id,
        merchant_code: DEMO_MERCHANT,
        expires_at: new Date(Date.now() + 3_600_000),
        ended_at: null,
        end_reason: null,
      })
      .execute();
    return token;
  };

  async function send(call: CallDef, shape: RequestShape, token: string): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (shape.token === 'valid') headers.authorization = token;
    if (shape.token === 'garbage') headers.authorization = 'not-a-token';
    let body: string | undefined;
    if (call.method !== 'GET') {
      if (shape.kind === 'raw') {
        body = shape.body;
        headers['content-type'] = shape.contentType;
      } else if (call.encrypted) {
        const sealed = await sealRequest(sealingKey, call, shape.body);
        headers.encryption = sealed.headers.encryption;
        headers['content-type'] = 'application/json';
        body = JSON.stringify(sealed.body);
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(shape.body);
      }
    }
    const response = await fetch(`http://127.0.0.1:${port}${call.path}${queryString(shape.query)}`, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, contentType, body: '' };
    }
    return { status: response.status, contentType, body: await response.text() };
  }

  // The long run (npm run fuzz) is given the time its budget needs.
  const timeout = Math.max(600_000, RUNS_PER_CALL * calls.length * 250);
  it("answers every call's generated bad input with an envelope, never a 5xx", { timeout }, async () => {
    expect(calls.length).toBeGreaterThan(90);
    const failures: string[] = [];
    for (const call of calls) {
      const token = await sessionToken();
      const details = await fc.check(
        fc.asyncProperty(requestShape(call.querystring as Schema, call.body as Schema), async (shape) => {
          const answer = await send(call, shape, token);
          count(answer);
          const problem = problemWith(answer);
          if (problem) throw new Error(problem);
        }),
        { seed: SEED, numRuns: RUNS_PER_CALL, endOnFailure: true },
      );
      if (details.failed) {
        failures.push(`${call.id}: ${details.errorInstance} ← ${JSON.stringify(details.counterexample)?.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers each field holding an out-of-range number or a NUL, the other fields valid, with an envelope', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    for (const call of calls) {
      const token = await sessionToken();
      const query = validSample(call.querystring as Schema, SEED);
      const body = validSample(call.body as Schema, SEED);
      const fields = [
        ...Object.keys((call.querystring as Schema | undefined)?.properties ?? {}).map((name) => ['query', name] as const),
        ...Object.keys((call.body as Schema | undefined)?.properties ?? {}).map((name) => ['body', name] as const),
      ];
      for (const [part, name] of fields) {
        for (const value of FIELD_SWEEP_VALUES) {
          const shape: RequestShape = {
            kind: 'json',
            token: 'valid',
            query: part === 'query' ? { ...query, [name]: value } : query,
            body: part === 'body' ? { ...body, [name]: value } : body,
          };
          const answer = await send(call, shape, token);
          count(answer);
          const problem = problemWith(answer);
          if (problem) failures.push(`${call.id} ${part}.${name}=${JSON.stringify(value)}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('routes a request line in absolute form by its path, for every call', async () => {
    const token = await sessionToken();
    const failures: string[] = [];
    for (const call of calls) {
      for (const authority of [`http://127.0.0.1:${port}`, 'https://elsewhere.example']) {
        const answer = await rawExchange(
          port,
          `${call.method} ${authority}${call.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${token}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
        );
        count(answer);
        const problem = problemWith(answer);
        if (problem) failures.push(`${call.id} via ${authority}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers Node's own refusals (oversized URL or headers, malformed HTTP) in the envelope", async () => {
    const requests = {
      'URL over the header limit': `GET /wps/system/status?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      'header over the limit': `GET /wps/system/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'unknown method': 'BREW /wps/system/status HTTP/1.1\r\nHost: x\r\n\r\n',
      'header without a colon': 'GET /wps/system/status HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n',
      'NUL in the request line': 'GET /wps/system/\u0000status HTTP/1.1\r\nHost: x\r\n\r\n',
      'bad Content-Length': 'POST /wps/session/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'Content-Length with chunked': `POST /wps/session/login HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      'HTTP version 9.9': 'GET /wps/system/status HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n',
      'bad percent-encoding': 'GET /wps/%E0%A4%A/status?x=%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    };
    const answers: Record<string, string | null> = {};
    for (const [name, request] of Object.entries(requests)) {
      const answer = await rawExchange(port, request);
      count(answer);
      answers[name] = problemWith(answer) ?? (answer.status >= 400 && answer.status < 500 ? null : `status ${answer.status}`);
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(requests).map((name) => [name, null])));
  });
});
