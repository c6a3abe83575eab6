import { deflateSync } from 'node:zlib';
import { getPlayerAvatar } from '@tessera/contract/api/accounts';
import { chooseAvatar, getProfile, uploadAvatar } from '@tessera/contract/api/member-profile';
import { AVATAR_LIMITS } from '@tessera/contract/avatar-limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';
import { clearTurns } from '../throttle/service.js';

/** A JPEG as a phone writes it: camera, GPS position and a comment in its EXIF. */
const photoWithExif = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Model 9', ImageDescription: 'home address here' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 23/1 0/1' },
    })
    .toBuffer();

/** A PNG whose header claims `width` × `height` pixels, with one byte of image data: it would inflate to gigabytes. */
function pngBomb(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

describe('the player avatar', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const loggedIn = async (overrides: { agentType?: number } = {}) => {
    const member = await newMember(t.db.kysely, overrides);
    const token = await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.9.0.1' });
    return { member, headers: { authorization: token } };
  };
  const upload = async (headers: Record<string, string>, bytes: Buffer, name = 'me.jpg', type = 'image/jpeg') => {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await t.app.inject({ method: 'PUT', url: uploadAvatar.path, payload: form, headers });
    return { status: response.statusCode, body: response.json() };
  };
  /** Each case starts with the member's upload turn free, as a player waiting a few seconds would. */
  const freshTurn = (memberId: bigint) => clearTurns(t.db.kysely, 'avatar:member', String(memberId));

  it('re-encodes an uploaded photo as a 256-pixel WebP with no EXIF left, served public and cached', async () => {
    const { member, headers } = await loggedIn();
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const uploaded = await upload(headers, photo);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.value).toEqual({
      avatar: expect.stringMatching(/^\/media\/avatars\/[\w-]{22}\.webp$/),
      avatarType: 'CUSTOM',
    });
    const address = uploaded.body.value.avatar as string;

    const served = await t.app.inject({ method: 'GET', url: address });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: AVATAR_LIMITS.storedSize, height: AVATAR_LIMITS.storedSize });
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('home address here'))).toBe(false);

    // The avatar calls of the spec and the profile read the same.
    const avatar = await t.app.inject({ method: 'GET', url: getPlayerAvatar.path, headers });
    expect(avatar.json().value).toEqual({ avatar: address, avatarType: 'CUSTOM' });
    expect((await t.app.inject({ method: 'GET', url: getProfile.path, headers })).json().value.avatar.avatar).toBe(address);

    // A new picture replaces the old one, whose address stops answering.
    await freshTurn(member.id);
    const second = await upload(headers, await photoWithExif(300, 300));
    expect(second.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: address })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.body.value.avatar })).statusCode).toBe(200);
  });

  it('refuses what is not a PNG or JPEG by its bytes, whatever its name and type say', async () => {
    const { member, headers } = await loggedIn();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    for (const bytes of [svg, gif, webp, Buffer.from('plain text, not a picture')]) {
      await freshTurn(member.id);
      const refused = await upload(headers, bytes, 'me.png', 'image/png');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'avatar.image.type', message: 'errors.avatar_image_type' });
    }
    await freshTurn(member.id);
    // A JPEG's first bytes on a body that is no JPEG: passes the signature, not the decoder.
    const broken = await upload(headers, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]));
    expect(broken.status).toBe(400);
    expect(['avatar.image.unreadable', 'avatar.image.type']).toContain(broken.body.code);
    const { avatar_type } = await t.db.kysely
      .selectFrom('members')
      .select('avatar_type')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(avatar_type).toBe('STATIC');
  });

  it('refuses a file over 5 MB while it streams, and a decompression bomb before decoding it', async () => {
    const { member, headers } = await loggedIn();
    const tooLarge = Buffer.concat([await photoWithExif(), Buffer.alloc(AVATAR_LIMITS.maxBytes)]);
    const large = await upload(headers, tooLarge);
    expect(large.status).toBe(413);
    expect(large.body.code).toBe('avatar.image.too.large');

    await freshTurn(member.id);
    const bomb = pngBomb(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const refused = await upload(headers, bomb, 'bomb.png', 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('avatar.image.dimensions');
    expect(Date.now() - started).toBeLessThan(5000);
    const count = await t.db.kysely
      .selectFrom('member_avatar_images')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('takes one upload every few seconds per member, and none from a trial account or without a session', async () => {
    const { headers } = await loggedIn();
    expect((await upload(headers, await photoWithExif(64, 64))).status).toBe(200);
    const again = await upload(headers, await photoWithExif(64, 64));
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('rate.limited');

    const trial = await loggedIn({ agentType: 4 });
    expect((await upload(trial.headers, await photoWithExif(64, 64))).body.code).toBe('in_need_true_account');
    expect((await upload({}, await photoWithExif(64, 64))).status).toBe(401);
  });

  it('chooses a built-in avatar, which drops the stored picture; an unknown one is refused', async () => {
    const { headers } = await loggedIn();
    const uploaded = await upload(headers, await photoWithExif(64, 64));
    const chosen = await t.app.inject({ method: 'POST', url: chooseAvatar.path, headers, payload: { avatar: '5' } });
    expect(chosen.json().value).toEqual({ avatar: '5', avatarType: 'STATIC' });
    expect((await t.app.inject({ method: 'GET', url: uploaded.body.value.avatar })).statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'POST', url: chooseAvatar.path, headers, payload: { avatar: '99' } });
    expect(unknown.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/media/avatars/not-a-name.webp' })).statusCode).toBe(404);
  });
});
