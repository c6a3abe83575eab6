import { createHash, randomBytes } from 'node:crypto';
import { setFeature } from '@tessera/contract/features';
import { FEEDBACK_LIMITS } from '@tessera/contract/feedback-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';
import { FEEDBACK_ATTEMPTS_PER_WINDOW } from './service.js';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(64)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), randomBytes(64)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]);

let nextIp = 1;
/** Each test speaks from its own address, so the per-IP limit only bites where a test means it to. */
const freshIp = () => `198.51.100.${nextIp++}`;

interface Image {
  bytes: Buffer;
  name?: string;
  type?: string;
}

function form(fields: Record<string, string>, images: Image[] = []) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const image of images) {
    data.append('images', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/png' }), image.name ?? 'shot.png');
  }
  return data;
}

describe('PUT /wps/feedback', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = async (
    payload: FormData,
    { ip = freshIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await t.app.inject({ method: 'PUT', url: '/wps/feedback', payload, remoteAddress: ip, headers });
    return { status: response.statusCode, body: response.json() };
  };
  const stored = (id: string) =>
    t.db.kysely
      .selectFrom('feedback')
      .select(['merchant_code', 'member_id', 'content', 'contact', 'ip', 'user_agent', 'language'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
  const storedImages = (id: string) =>
    t.db.kysely
      .selectFrom('feedback_images')
      .select(['position', 'mime', 'size_bytes', 'sha256', 'data'])
      .where('feedback_id', '=', BigInt(id))
      .orderBy('position')
      .execute();

  it('stores feedback without a token and without images, trimmed, with its origin', async () => {
    const { status, body } = await send(form({ content: '  The lottery page is slow.  ', contact: ' player@example.com ' }), {
      ip: '198.51.100.200',
      headers: { 'user-agent': 'TestBrowser/1.0', language: 'bn' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      code: 'ok',
      message: '',
      value: { id: expect.stringMatching(/^\d+$/), imageCount: 0 },
    });
    expect(await stored(body.value.id)).toEqual({
      merchant_code: DEMO_MERCHANT,
      member_id: null,
      content: 'The lottery page is slow.',
      contact: 'player@example.com',
      ip: '198.51.100.200',
      user_agent: 'TestBrowser/1.0',
      language: 'bn',
    });
  });

  it('stores one to three png/jpg images in the database with their type, size and sha256', async () => {
    for (const images of [[PNG], [PNG, JPEG], [JPEG, PNG, JPEG]]) {
      const { status, body } = await send(
        form(
          { content: 'See the screenshots' },
          images.map((bytes) => ({ bytes })),
        ),
      );
      expect(status).toBe(200);
      expect(body.value.imageCount).toBe(images.length);
      const rows = await storedImages(body.value.id);
      expect(rows.map((row) => row.mime)).toEqual(images.map((bytes) => (bytes === PNG ? 'image/png' : 'image/jpeg')));
      rows.forEach((row, index) => {
        expect(row.position).toBe(index + 1);
        expect(row.size_bytes).toBe(images[index]?.length);
        expect(Buffer.from(row.data).equals(images[index] as Buffer)).toBe(true);
        expect(Buffer.from(row.sha256).toString('hex')).toBe(
          createHash('sha256')
            .update(images[index] as Buffer)
            .digest('hex'),
        );
      });
    }
  });

  it('links the feedback to the member when a live token is sent, and ignores a stale one', async () => {
    const player = await newMember(t.db.kysely);
    const token = await startSession(t.db.kysely, { memberId: player.id, merchantCode: DEMO_MERCHANT, ip: '198.51.100.250' });
    const member = await send(form({ content: 'From a member' }), { headers: { authorization: token } });
    expect((await stored(member.body.value.id)).member_id).toBe(player.id);
    const stale = await send(form({ content: 'Stale token' }), {
      headers: { authorization: randomBytes(32).toString('base64url') },
    });
    expect(stale.status).toBe(200);
    expect((await stored(stale.body.value.id)).member_id).toBeNull();
  });

  it('refuses empty or blank content with a required field error', async () => {
    for (const fields of [{ content: '   ' }, { contact: 'x@example.com' }] as Record<string, string>[]) {
      const { status, body } = await send(form(fields));
      expect(status).toBe(400);
      expect(body).toEqual({
        success: false,
        code: 'request.invalid',
        message: 'errors.request_invalid',
        value: { fields: [{ field: 'body/content', key: 'validation.required', params: { missingProperty: 'content' } }] },
      });
    }
  });

  it('keeps line breaks in content and refuses escape codes in it, and any control character in the contact', async () => {
    const kept = await send(form({ content: 'first line\r\nsecond\tline' }));
    expect(kept.status).toBe(200);
    expect((await stored(kept.body.value.id)).content).toBe('first line\r\nsecond\tline');
    for (const [fields, field] of [
      [{ content: 'hi \u001b[2J\u001b[Hfake' }, 'body/content'],
      [{ content: 'a\u0000b' }, 'body/content'],
      [{ content: 'ok', contact: 'me\nyou' }, 'body/contact'],
    ] as const) {
      const { status, body } = await send(form(fields));
      expect(status).toBe(400);
      expect(body.value.fields).toEqual([{ field, key: 'validation.control_characters', params: {} }]);
    }
  });

  it('refuses content over 1000 characters and contact over 100, counting Bengali letters as one each', async () => {
    expect((await send(form({ content: 'অ'.repeat(FEEDBACK_LIMITS.contentMaxLength) }))).status).toBe(200);
    const long = await send(form({ content: 'অ'.repeat(FEEDBACK_LIMITS.contentMaxLength + 1), contact: 'x'.repeat(101) }));
    expect(long.status).toBe(400);
    expect(long.body.value.fields).toEqual([
      { field: 'body/content', key: 'validation.too_long', params: { limit: 1000 } },
      { field: 'body/contact', key: 'validation.too_long', params: { limit: 100 } },
    ]);
    const huge = await send(form({ content: 'x'.repeat(50_000) }));
    expect(huge.status).toBe(400);
    expect(huge.body.value.fields).toEqual([{ field: 'body/content', key: 'validation.too_long', params: { limit: 1000 } }]);
  });

  it('refuses control characters that could drive an operator terminal, keeping line breaks in the content', async () => {
    const planted = await send(form({ content: 'hello\u001b[2J\u001b[Hfake approval', contact: 'me\u0007' }));
    expect(planted.status).toBe(400);
    expect(planted.body.value.fields).toEqual([
      { field: 'body/content', key: 'validation.control_characters', params: {} },
      { field: 'body/contact', key: 'validation.control_characters', params: {} },
    ]);
    expect((await send(form({ content: 'first line\r\n\tsecond line' }))).status).toBe(200);
  });

  it('refuses a fourth image', async () => {
    const { status, body } = await send(
      form(
        { content: 'Four' },
        [PNG, PNG, JPEG, JPEG].map((bytes) => ({ bytes })),
      ),
    );
    expect(status).toBe(400);
    expect(body.value.fields).toEqual([{ field: 'body/images', key: 'feedback.too_many_images', params: { limit: 3 } }]);
  });

  it('refuses an image of 5 MB + 1 byte and accepts one of exactly 5 MB', async () => {
    const exact = Buffer.alloc(FEEDBACK_LIMITS.imageMaxBytes, 1);
    PNG.copy(exact);
    expect((await send(form({ content: 'Exactly 5 MB' }, [{ bytes: exact }]))).status).toBe(200);
    const over = Buffer.concat([exact, Buffer.from([0])]);
    const { status, body } = await send(form({ content: 'Too big' }, [{ bytes: JPEG }, { bytes: over }]));
    expect(status).toBe(413);
    expect(body).toMatchObject({
      code: 'request.body.too.large',
      value: { fields: [{ field: 'body/images/2', key: 'feedback.image_too_large', params: { limit: 5 * 1024 * 1024 } }] },
    });
  });

  it('judges images by their bytes: a .png name with GIF, text or SVG bytes is refused, JPEG bytes named .png are stored as JPEG', async () => {
    const fakes: Image[] = [
      { bytes: GIF, name: 'a.png', type: 'image/png' },
      { bytes: Buffer.from('just some text, honestly a png'), name: 'b.png', type: 'image/png' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'c.png' },
    ];
    const { status, body } = await send(form({ content: 'Fakes' }, fakes));
    expect(status).toBe(400);
    expect(body.value.fields).toEqual(
      [1, 2, 3].map((n) => ({ field: `body/images/${n}`, key: 'feedback.image_type', params: {} })),
    );
    const renamed = await send(form({ content: 'Renamed' }, [{ bytes: JPEG, name: 'photo.png', type: 'image/png' }]));
    expect((await storedImages(renamed.body.value.id))[0]?.mime).toBe('image/jpeg');
  });

  it('refuses unknown parts, a repeated field and a body that is not multipart', async () => {
    const unknown = await send(form({ content: 'x', admin: 'true' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.value.fields).toEqual([{ field: 'body/admin', key: 'validation.unknown_field', params: {} }]);
    const data = form({ content: 'x' });
    data.append('file', new Blob([new Uint8Array(PNG)]), 'x.png');
    expect((await send(data)).body.value.fields[0]).toMatchObject({ field: 'body/file', key: 'validation.unknown_field' });
    const twice = form({ content: 'one' });
    twice.append('content', 'two');
    expect((await send(twice)).status).toBe(400);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { content: 'json' },
      remoteAddress: freshIp(),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('request.media.unsupported');
  });

  it(`allows ${FEEDBACK_ATTEMPTS_PER_WINDOW} attempts per address in a window, then answers 429 rate.limited`, async () => {
    const ip = freshIp();
    for (let i = 0; i < FEEDBACK_ATTEMPTS_PER_WINDOW; i++) {
      expect((await send(form({ content: `Attempt ${i}` }), { ip })).status).toBe(200);
    }
    const limited = await send(form({ content: 'One too many' }), { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, value: null, code: 'rate.limited', message: 'errors.too_many_requests' });
    expect((await send(form({ content: 'Another address' }))).status).toBe(200);
  });

  it('answers function.not.available for a merchant that has switched feedback off (FEEDBACK3)', async () => {
    await t.db.kysely.insertInto('merchants').values({ code: 'quiet', name: 'No feedback' }).execute();
    await t.settings.update('quiet', 'whitelabel', (tree) => setFeature(tree, 'FEEDBACK3', false) ?? tree, 'test');
    const { status, body } = await send(form({ content: 'Anyone there?' }), { headers: { merchant: 'quiet' } });
    expect(status).toBe(400);
    expect(body.code).toBe('function.not.available');
  });
});
