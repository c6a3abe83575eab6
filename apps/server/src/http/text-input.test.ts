import { defineCall } from '@tessera/contract/api/call';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { registerCall } from './register-call.js';

const echo = defineCall(
  { id: 'test.echo', method: 'POST', path: '/wps/test/echo', auth: 'none' },
  {
    tags: ['test'],
    summary: 'Echoes a name; used only by this test',
    querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 50 })) }),
    body: Type.Object({ name: Type.String({ maxLength: 50 }), tags: Type.Optional(Type.Array(Type.String({ maxLength: 20 }))) }),
    value: Type.Object({ name: Type.String() }),
  },
);

describe('control characters in what a client sends', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app, _services, http) => registerCall(app, http, echo, async (request) => ({ name: request.body.name })),
    });
  });
  afterAll(() => t.close());

  const post = (body: unknown, query = '') =>
    t.app.inject({ method: 'POST', url: `/wps/test/echo${query}`, payload: body as object });
  const refusedAt = (field: string) => ({
    success: false,
    code: 'request.invalid',
    message: 'errors.request_invalid',
    value: { fields: [{ field, key: 'validation.control_characters', params: {} }] },
  });

  it('refuses NUL, escape codes, line breaks and C1 controls in body and query strings, naming the field', async () => {
    for (const [body, query, field] of [
      [{ name: 'a\u0000b' }, '', 'body/name'],
      [{ name: '\u001b[2J\u001b[Hfake' }, '', 'body/name'],
      [{ name: 'two\nlines' }, '', 'body/name'],
      [{ name: 'ok', tags: ['fine', 'x\u009b'] }, '', 'body/tags/1'],
      [{ name: 'ok' }, '?q=%00', 'querystring/q'],
      [{ name: 'ok', 'bad\u0000key': 1 }, '', 'body'],
    ] as const) {
      const response = await post(body, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusedAt(field));
    }
  });

  it('lets text in any script through', async () => {
    const response = await post({ name: 'আমার নাম — Zoë 😀' });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual({ name: 'আমার নাম — Zoë 😀' });
  });
});
