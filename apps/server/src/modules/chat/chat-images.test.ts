import { consoleSendImage, sendChatImage } from '@tessera/contract/api/chat';
import { CHAT_IMAGE_LIMITS, CHAT_VISITOR_HEADER, chatImage, consoleImage } from '@tessera/contract/routes/chat';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';
import { enrolledStaff } from '../staff/test/kit.js';
import { clearTurns } from '../throttle/service.js';

/** A JPEG as a phone writes it: camera and GPS position in its EXIF. */
const photo = (width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Model 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 23/1 0/1' },
    })
    .toBuffer();

const form = (bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') => {
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
};

/** Pictures in live chat: both sides send them, re-encoded; only the chat's two sides are served them. */
describe('chat pictures', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staffToken: string;
  let address = 1;
  beforeAll(async () => {
    t = await createTestApp();
    staffToken = (await enrolledStaff(t.app, t.services, 'chatpics1', 'support')).token;
  }, 120_000);
  afterAll(() => t.close());

  const open = async (headers: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/wps/chat/open',
      payload: {},
      headers,
      remoteAddress: `10.8.0.${address++}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().value as { conversationId: string; visitorKey: string | null };
  };
  const member = async () => {
    const who = await newMember(t.db.kysely);
    const token = await startSession(t.db.kysely, { memberId: who.id, merchantCode: DEMO_MERCHANT, ip: '10.8.1.1' });
    const headers = { authorization: token };
    return { headers, chat: await open(headers) };
  };
  const sendPicture = async (conversationId: string, headers: Record<string, string>, bytes: Buffer, name?: string) => {
    await clearTurns(t.db.kysely, 'chat.image.player', conversationId);
    await clearTurns(t.db.kysely, 'chat.visitor.send', conversationId);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${sendChatImage.path}?conversationId=${conversationId}`,
      payload: form(bytes, name),
      headers,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const picture = (conversationId: string, messageId: string, size: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `${chatImage.path}?conversationId=${conversationId}&messageId=${messageId}&size=${size}`,
      headers,
    });
  const staffPicture = (id: string, messageId: string, size: string) =>
    t.app.inject({
      method: 'GET',
      url: `${consoleImage.path}?id=${id}&messageId=${messageId}&size=${size}`,
      headers: { authorization: staffToken },
    });

  it("re-encodes a member's photo as WebP without EXIF, bounded, with a thumbnail; kept in the transcript", async () => {
    const { headers, chat } = await member();
    const sent = await sendPicture(chat.conversationId, headers, await photo());
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({ sender: 'player', body: '', image: { width: 1600, height: 800 } });
    const messageId: string = sent.body.value.id;

    const full = await picture(chat.conversationId, messageId, 'full', headers);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('no-store');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.height, fullMeta.exif]).toEqual(['webp', 1600, 800, undefined]);
    const thumb = await sharp((await picture(chat.conversationId, messageId, 'thumb', headers)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([CHAT_IMAGE_LIMITS.thumbSide, CHAT_IMAGE_LIMITS.thumbSide / 2]);

    const transcript = await t.app.inject({
      method: 'GET',
      url: `/bo/api/chat/transcript?id=${chat.conversationId}`,
      headers: { authorization: staffToken },
    });
    const messages = transcript.json().value.messages as { id: string; image: unknown }[];
    expect(messages.find((message) => message.id === messageId)?.image).toEqual({ width: 1600, height: 800 });
    const list = await t.app.inject({
      method: 'GET',
      url: '/bo/api/chat/conversations?q=Visitor',
      headers: { authorization: staffToken },
    });
    expect(list.statusCode).toBe(200);
    expect((await staffPicture(chat.conversationId, messageId, 'full')).statusCode).toBe(200);
  });

  it('serves a picture to the two sides only: not another member, a visitor, a stranger or the wrong chat', async () => {
    const owner = await member();
    const sent = await sendPicture(owner.chat.conversationId, owner.headers, await photo(400, 300));
    const messageId: string = sent.body.value.id;
    const other = await member();
    const visitor = await open({});

    expect((await picture(owner.chat.conversationId, messageId, 'thumb', owner.headers)).statusCode).toBe(200);
    const strangers: Record<string, string>[] = [other.headers, { [CHAT_VISITOR_HEADER]: visitor.visitorKey ?? '' }, {}];
    for (const headers of strangers) {
      const refused = await picture(owner.chat.conversationId, messageId, 'thumb', headers);
      expect([refused.statusCode, refused.json().code]).toEqual([404, 'chat.not.found']);
    }
    // The other member's own chat does not reach a picture of another chat by its message id.
    const crossed = await picture(other.chat.conversationId, messageId, 'full', other.headers);
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, 'chat.not.found']);
    // A member's token is no staff token.
    const asStaff = await t.app.inject({
      method: 'GET',
      url: `${consoleImage.path}?id=${owner.chat.conversationId}&messageId=${messageId}&size=full`,
      headers: owner.headers,
    });
    expect(asStaff.statusCode).toBe(401);
    // Nor may another member post into the chat.
    const intruder = await sendPicture(owner.chat.conversationId, other.headers, await photo(100, 100));
    expect([intruder.status, intruder.body.code]).toEqual([404, 'chat.not.found']);
  });

  it("takes a visitor's picture by the key in its header, and staff answer with one the visitor is served", async () => {
    const visitor = await open({});
    const key = { [CHAT_VISITOR_HEADER]: visitor.visitorKey ?? '' };
    const sent = await sendPicture(visitor.conversationId, key, await photo(300, 600), 'shot.png');
    expect(sent.status).toBe(200);
    expect(sent.body.value.image).toEqual({ width: 300, height: 600 });
    expect((await picture(visitor.conversationId, sent.body.value.id, 'full', key)).statusCode).toBe(200);

    const answer = await t.app.inject({
      method: 'PUT',
      url: `${consoleSendImage.path}?id=${visitor.conversationId}`,
      payload: form(await photo(640, 480)),
      headers: { authorization: staffToken },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value).toMatchObject({ sender: 'staff', staffName: 'chatpics1', image: { width: 640, height: 480 } });
    const served = await picture(visitor.conversationId, answer.json().value.id, 'thumb', key);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(CHAT_IMAGE_LIMITS.thumbSide);
  });

  it('refuses what is not a png or jpg by its bytes, a file over 5 MB, a pixel bomb and a broken picture', async () => {
    const { headers, chat } = await member();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name] of [
      [gif, 'x.gif'],
      [script, 'x.png'],
    ] as const) {
      const refused = await sendPicture(chat.conversationId, headers, bytes, name);
      expect([refused.status, refused.body.code]).toEqual([400, 'chat.image.type']);
    }
    const huge = Buffer.concat([await photo(200, 200), Buffer.alloc(CHAT_IMAGE_LIMITS.maxBytes)]);
    const tooLarge = await sendPicture(chat.conversationId, headers, huge);
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'chat.image.too.large']);

    const big = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await sendPicture(chat.conversationId, headers, big, 'big.png');
    expect([tooManyPixels.status, tooManyPixels.body.code]).toEqual([400, 'chat.image.dimensions']);

    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const unreadable = await sendPicture(chat.conversationId, headers, broken);
    expect([unreadable.status, unreadable.body.code]).toEqual([400, 'chat.image.unreadable']);

    const transcript = await t.app.inject({
      method: 'GET',
      url: `/bo/api/chat/transcript?id=${chat.conversationId}`,
      headers: { authorization: staffToken },
    });
    expect(transcript.json().value.messages).toEqual([]);
  });

  it('allows one picture per chat and side every two seconds', async () => {
    const { headers, chat } = await member();
    expect((await sendPicture(chat.conversationId, headers, await photo(100, 100))).status).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `${sendChatImage.path}?conversationId=${chat.conversationId}`,
      payload: form(await photo(100, 100)),
      headers,
    });
    expect([again.statusCode, again.json().code]).toEqual([429, 'chat.too.frequent']);
  });

  it("hands a visitor's chat to the member who logs in on that browser, and not to one with a chat going", async () => {
    const visitor = await open({});
    const key = visitor.visitorKey ?? '';
    await clearTurns(t.db.kysely, 'chat.visitor.send', visitor.conversationId);
    const said = await t.app.inject({
      method: 'POST',
      url: '/wps/chat/send',
      payload: { conversationId: visitor.conversationId, visitorKey: key, body: 'I cannot log in' },
    });
    expect(said.statusCode).toBe(200);

    const who = await newMember(t.db.kysely);
    const headers = {
      authorization: await startSession(t.db.kysely, { memberId: who.id, merchantCode: DEMO_MERCHANT, ip: '10.8.2.1' }),
    };
    const asMember = await t.app.inject({ method: 'POST', url: '/wps/chat/open', payload: { visitorKey: key }, headers });
    expect(asMember.json().value).toMatchObject({ conversationId: visitor.conversationId, visitorKey: null });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/bo/api/chat/transcript?id=${visitor.conversationId}`,
      headers: { authorization: staffToken },
    });
    expect(listed.json().value.conversation).toMatchObject({ name: who.account, member: true });
    // The key no longer opens it: the chat is the member's now.
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/wps/chat/send',
      payload: { conversationId: visitor.conversationId, visitorKey: key, body: 'still me?' },
    });
    expect([byKey.statusCode, byKey.json().code]).toEqual([404, 'chat.not.found']);

    // A member with a chat going keeps theirs; the visitor's stays the visitor's.
    const busy = await member();
    const another = await open({});
    const kept = await t.app.inject({
      method: 'POST',
      url: '/wps/chat/open',
      payload: { visitorKey: another.visitorKey },
      headers: busy.headers,
    });
    expect(kept.json().value.conversationId).toBe(busy.chat.conversationId);
    const stillVisitor = await t.app.inject({
      method: 'POST',
      url: '/wps/chat/open',
      payload: { visitorKey: another.visitorKey },
      remoteAddress: '10.8.3.1',
    });
    expect(stillVisitor.json().value.conversationId).toBe(another.conversationId);
  });
});
