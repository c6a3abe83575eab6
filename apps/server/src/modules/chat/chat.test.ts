import { CHAT_SOCKET_PATH } from '@tessera/contract/routes/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import type { TestDb } from '../../test/test-db.js';
import { createTestServices } from '../../test/test-services.js';
import { createTwoInstances, type Instance } from '../../test/two-instances.js';
import { startSession } from '../sessions/service.js';
import { enrolledStaff } from '../staff/test/kit.js';

type Frame = { type: string; [key: string]: unknown };

/** A client socket that records every frame, and waits for one that matches. */
async function openSocket(baseUrl: string, hello: object) {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + CHAT_SOCKET_PATH);
  const frames: Frame[] = [];
  const waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  let closed: { code: number } | null = null;
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.match(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  socket.on('close', (code) => {
    closed = { code };
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'hello', ...hello }));
  const next = (match: (frame: Frame) => boolean, timeoutMs = 5000) => {
    const seen = frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame; saw ${JSON.stringify(frames)}`)), timeoutMs);
      waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  };
  await next((frame) => frame.type === 'ready' || frame.type === 'refused');
  return { socket, frames, next, closed: () => closed, send: (frame: object) => socket.send(JSON.stringify(frame)) };
}

const messageWith = (body: string) => (frame: Frame) =>
  frame.type === 'message' && (frame.message as { body: string }).body === body;

/** Live chat across two server instances: players (members and visitors) and the back office's console. */
describe('live chat', () => {
  let db: TestDb;
  let first: Instance;
  let second: Instance;
  let close: () => Promise<void>;
  let urls: [string, string];
  let staffToken: string;
  beforeAll(async () => {
    ({ db, first, second, close } = await createTwoInstances());
    staffToken = (await enrolledStaff(first, createTestServices(db), 'chatdesk1', 'support')).token;
    urls = [await first.listen({ port: 0, host: '127.0.0.1' }), await second.listen({ port: 0, host: '127.0.0.1' })];
  }, 180_000);
  afterAll(() => close());

  const call = async (app: Instance, method: 'GET' | 'POST', url: string, payload?: object, token?: string) => {
    const response = await app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
    return { status: response.statusCode, body: response.json() as { value: never; code: string } };
  };
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) => call(second, method, url, payload, staffToken);
  const onDuty = (yes: boolean) => staff('POST', '/bo/api/chat/duty', { onDuty: yes });

  let address = 1;
  const member = async (rankLevel = 0) => {
    const who = await newMember(db.kysely);
    if (rankLevel > 0) {
      await db.kysely
        .insertInto('loyalty_members')
        .values({ member_id: who.id, merchant_code: DEMO_MERCHANT, rank_level: rankLevel, highest_level: rankLevel })
        .execute();
    }
    const token = await startSession(db.kysely, { memberId: who.id, merchantCode: DEMO_MERCHANT, ip: `10.9.0.${address++}` });
    return { ...who, token };
  };

  it('carries a message sent on instance 1 to a staff socket on instance 2, and the answer back, with typing and read receipts', async () => {
    await onDuty(true);
    const player = await member();
    const opened = await call(first, 'POST', '/wps/chat/open', {}, player.token);
    expect(opened.status).toBe(200);
    const chat = opened.body.value as { conversationId: string; state: string; queue: string; onDuty: boolean };
    expect(chat).toMatchObject({ state: 'waiting', queue: 'general', onDuty: true });

    const console2 = await openSocket(urls[1], { role: 'staff', token: staffToken });
    expect(console2.frames[0]?.type).toBe('ready');
    console2.send({ type: 'watch', conversationId: chat.conversationId, after: '0' });
    const playerSocket = await openSocket(urls[0], { token: player.token, conversationId: chat.conversationId, after: '0' });
    expect(playerSocket.frames[0]?.type).toBe('ready');

    const sent = await call(
      first,
      'POST',
      '/wps/chat/send',
      { conversationId: chat.conversationId, body: 'Hello, my deposit?' },
      player.token,
    );
    expect(sent.status).toBe(200);
    await console2.next(messageWith('Hello, my deposit?'));
    await console2.next((frame) => frame.type === 'queue');

    playerSocket.send({ type: 'typing' });
    await console2.next((frame) => frame.type === 'typing' && frame.by === 'player');

    const queue = await staff('GET', '/bo/api/chat/conversations?state=waiting');
    expect(
      (queue.body.value as { id: string; unread: number; name: string }[]).find((c) => c.id === chat.conversationId),
    ).toMatchObject({ unread: 1, name: player.account });
    const answer = await staff('POST', '/bo/api/chat/send', { id: chat.conversationId, body: 'Let me check.' });
    expect(answer.status).toBe(200);
    await playerSocket.next(messageWith('Let me check.'));

    const answerId = (answer.body.value as { id: string }).id;
    await call(first, 'POST', '/wps/chat/read', { conversationId: chat.conversationId, upToId: answerId }, player.token);
    await console2.next((frame) => frame.type === 'read' && frame.by === 'player' && frame.upToId === answerId);

    const open = await staff('GET', '/bo/api/chat/conversations?state=open');
    expect((open.body.value as { id: string; staffName: string }[]).find((c) => c.id === chat.conversationId)?.staffName).toBe(
      'chatdesk1',
    );
    playerSocket.socket.close();
    console2.socket.close();
  });

  it('loses no message across a reconnect: the client resumes from its last id', async () => {
    await onDuty(true);
    const player = await member();
    const chat = (await call(first, 'POST', '/wps/chat/open', {}, player.token)).body.value as { conversationId: string };
    const firstSocket = await openSocket(urls[0], { token: player.token, conversationId: chat.conversationId, after: '0' });
    const one = await staff('POST', '/bo/api/chat/send', { id: chat.conversationId, body: 'one' });
    await firstSocket.next(messageWith('one'));
    firstSocket.socket.close();
    await staff('POST', '/bo/api/chat/send', { id: chat.conversationId, body: 'two' });
    await staff('POST', '/bo/api/chat/send', { id: chat.conversationId, body: 'three' });
    const lastId = (one.body.value as { id: string }).id;
    const again = await openSocket(urls[1], { token: player.token, conversationId: chat.conversationId, after: lastId });
    await again.next(messageWith('three'));
    const bodies = again.frames
      .filter((frame) => frame.type === 'message')
      .map((frame) => (frame.message as { body: string }).body);
    expect(bodies).toEqual(['two', 'three']);
    again.socket.close();
  });

  it('lets a visitor chat with their key, refuses another key, and limits how fast visitors open chats', async () => {
    await onDuty(true);
    const opened = await call(first, 'POST', '/wps/chat/open', { name: 'Rahim' });
    expect(opened.status).toBe(200);
    const { conversationId, visitorKey } = opened.body.value as { conversationId: string; visitorKey: string };
    const chat = { conversationId, visitorKey };
    expect(chat.visitorKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await call(first, 'POST', '/wps/chat/open', { visitorKey: chat.visitorKey });
    expect((again.body.value as { conversationId: string }).conversationId).toBe(chat.conversationId);

    // The limit is a message a second: the second send follows the first at once, before anything else.
    const sent = await call(second, 'POST', '/wps/chat/send', { ...chat, body: 'Can I join?' });
    const tooFast = await call(second, 'POST', '/wps/chat/send', { ...chat, body: 'again' });
    expect([sent.status, tooFast.status]).toEqual([200, 429]);
    const stranger = await call(second, 'POST', '/wps/chat/send', {
      conversationId: chat.conversationId,
      visitorKey: 'x'.repeat(32),
      body: 'not mine',
    });
    expect(stranger.body.code).toBe('chat.not.found');

    const refused = await openSocket(urls[0], { visitorKey: 'y'.repeat(32), conversationId: chat.conversationId });
    expect(refused.frames[0]).toMatchObject({ type: 'refused', reason: 'chat.not.found' });

    const another = await call(first, 'POST', '/wps/chat/open', { name: 'Karim' });
    expect(another.status).toBe(429);
    expect(another.body.code).toBe('chat.too.frequent');
  });

  it('routes a member above rank 4 to the VIP queue, and makes a ticket while nobody is on duty', async () => {
    await onDuty(true);
    const vip = await member(5);
    expect(((await call(first, 'POST', '/wps/chat/open', {}, vip.token)).body.value as { queue: string }).queue).toBe('vip');
    await onDuty(false);
    const late = await member();
    const opened = (await call(first, 'POST', '/wps/chat/open', {}, late.token)).body.value as {
      conversationId: string;
      state: string;
    };
    expect(opened.state).toBe('ticket');
    await call(
      first,
      'POST',
      '/wps/chat/send',
      { conversationId: opened.conversationId, body: 'Please call me back about a refund' },
      late.token,
    );
    const tickets = (await staff('GET', '/bo/api/chat/conversations?state=ticket')).body.value as { id: string }[];
    expect(tickets.map((c) => c.id)).toContain(opened.conversationId);

    const found = (await staff('GET', '/bo/api/chat/conversations?q=refund')).body.value as { id: string }[];
    expect(found.map((c) => c.id)).toEqual([opened.conversationId]);
    const transcript = await staff('GET', `/bo/api/chat/transcript?id=${opened.conversationId}`);
    expect((transcript.body.value as { messages: { body: string }[] }).messages.map((m) => m.body)).toEqual([
      'Please call me back about a refund',
    ]);
  });

  it('keeps canned replies, refuses a socket without a staff token and another staff member taking an open chat', async () => {
    const added = await staff('POST', '/bo/api/chat/canned', { title: 'Greeting', body: 'Hello! How can I help?' });
    expect(added.status).toBe(200);
    expect(((await staff('GET', '/bo/api/chat/canned')).body.value as { title: string }[]).map((r) => r.title)).toContain(
      'Greeting',
    );

    const bogus = await openSocket(urls[0], { role: 'staff', token: 'not-a-token' });
    expect(bogus.frames[0]).toMatchObject({ type: 'refused', reason: 'staff' });
    const player = await member();
    const playerOnly = await openSocket(urls[0], { role: 'staff', token: player.token });
    expect(playerOnly.frames[0]).toMatchObject({ type: 'refused' });

    const missing = await staff('POST', '/bo/api/chat/assign', { id: '999999999' });
    expect(missing.status).toBe(404);
    const tooLong = await call(first, 'POST', '/wps/chat/send', { conversationId: '1', body: 'x'.repeat(2001) }, player.token);
    expect(tooLong.status).toBe(400);
  });
});
