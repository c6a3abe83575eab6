import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember, type TestMember } from '../../test/factories.js';
import { readServerEventsForTest } from '../../test/sse.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';
import { enrolledStaff } from '../staff/test/kit.js';

const HOUR = 3_600_000;

/** Messages from the back office to players: every audience, the player's calls, and the live unread count. */
describe('the inbox', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staffToken: string;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    staffToken = (await enrolledStaff(t.app, t.services, 'support1', 'support')).token;
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  let address = 1;
  const player = async (member?: TestMember) => {
    const who = member ?? (await newMember(t.db.kysely));
    const token = await startSession(t.db.kysely, { memberId: who.id, merchantCode: DEMO_MERCHANT, ip: `10.7.0.${address++}` });
    const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const response = await t.app.inject({ method, url: path, payload, headers: { authorization: token, language: 'bn' } });
      return { status: response.statusCode, body: response.json() };
    };
    return {
      ...who,
      token,
      call,
      unread: async () => (await call('GET', '/wps/relay/CSP_unreadCount')).body.value as number,
      titles: async () =>
        ((await call('GET', '/wps/member/messages?size=50')).body.value.list as { title: string }[]).map((m) => m.title),
    };
  };
  const send = async (body: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/bo/api/messages',
      payload: body,
      headers: { authorization: staffToken },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const texts = (title: string, content = '<p>Hello</p>') => ({
    en: { title, content },
    bn: { title: `${title} (bn)`, content },
  });

  it('reaches the named players only, in their language, and counts, reads and deletes for each alone', async () => {
    const [ayesha, bilal, outsider] = [await player(), await player(), await player()];
    const sent = await send({
      audience: 'members',
      accounts: [ayesha.account.toUpperCase(), bilal.account, 'no-such-account'],
      texts: texts('Named'),
    });
    expect(sent).toMatchObject({ status: 200, body: { value: { recipients: 2 } } });
    expect(await ayesha.titles()).toEqual(['Named (bn)']);
    expect(await outsider.titles()).toEqual([]);
    expect([await ayesha.unread(), await bilal.unread(), await outsider.unread()]).toEqual([1, 1, 0]);

    const id = sent.body.value.id as string;
    expect((await outsider.call('POST', '/wps/member/messages/read', { ids: [id] })).body.value).toEqual({ unread: 0 });
    expect(
      await t.db.kysely.selectFrom('player_message_marks').selectAll().where('member_id', '=', outsider.id).execute(),
    ).toEqual([]);
    expect((await ayesha.call('POST', '/wps/member/messages/read', { ids: [id] })).body.value).toEqual({ unread: 0 });
    const [message] = (await ayesha.call('GET', '/wps/member/messages')).body.value.list;
    expect(message).toMatchObject({ id, title: 'Named (bn)', content: '<p>Hello</p>', read: true, expiresAt: null });
    expect(await bilal.unread()).toBe(1);

    expect((await bilal.call('POST', '/wps/member/messages/delete', { ids: [id] })).body.value).toEqual({ unread: 0 });
    expect(await bilal.titles()).toEqual([]);
    expect(await ayesha.titles()).toEqual(['Named (bn)']);
  });

  it('sends to everyone in one row, matched when a player reads; later players, expired and withdrawn ones excluded', async () => {
    const before = await player();
    const rowsBefore = await t.db.kysely.selectFrom('player_message_recipients').select('message_id').execute();
    const sent = await send({ audience: 'all', texts: texts('Everyone'), expiresAt: Date.now() + HOUR });
    expect(sent.body.value).toMatchObject({ recipients: null });
    expect(await t.db.kysely.selectFrom('player_message_recipients').select('message_id').execute()).toHaveLength(
      rowsBefore.length,
    );
    const later = await player();
    expect(await before.titles()).toContain('Everyone (bn)');
    expect(await later.titles()).not.toContain('Everyone (bn)');

    await t.db.kysely
      .updateTable('player_messages')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', BigInt(sent.body.value.id))
      .execute();
    expect(await before.titles()).not.toContain('Everyone (bn)');

    const second = await send({ audience: 'all', texts: texts('Withdrawn soon') });
    expect(await before.titles()).toContain('Withdrawn soon (bn)');
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/bo/api/messages/withdraw',
      payload: { id: second.body.value.id },
      headers: { authorization: staffToken },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await before.titles()).not.toContain('Withdrawn soon (bn)');
  });

  it("reaches an agent's whole downline and one VIP level, and refuses what cannot be sent", async () => {
    const agent = await newAgent(t.db.kysely);
    const subAgent = await newAgent(t.db.kysely, { parent: agent });
    const [direct, deep, elsewhere] = [
      await player(await newMember(t.db.kysely, { parentId: agent.id })),
      await player(await newMember(t.db.kysely, { parentId: subAgent.id })),
      await player(),
    ];
    const agentPlayer = await player(agent);
    expect((await send({ audience: 'downline', agentAccount: agent.account, texts: texts('Team') })).status).toBe(200);
    expect(await direct.titles()).toContain('Team (bn)');
    expect(await deep.titles()).toContain('Team (bn)');
    expect(await elsewhere.titles()).not.toContain('Team (bn)');
    expect(await agentPlayer.titles()).not.toContain('Team (bn)');

    expect((await send({ audience: 'vip', vipLevel: 0, texts: texts('Level zero') })).status).toBe(200);
    expect((await send({ audience: 'vip', vipLevel: 3, texts: texts('Level three') })).status).toBe(200);
    expect(await elsewhere.titles()).toContain('Level zero (bn)');
    expect(await elsewhere.titles()).not.toContain('Level three (bn)');

    const refusals = [
      await send({ audience: 'members', texts: texts('Nobody named') }),
      await send({ audience: 'downline', agentAccount: direct.account, texts: texts('Not an agent') }),
      await send({ audience: 'vip', texts: texts('No level') }),
      await send({ audience: 'all', texts: texts('Past'), expiresAt: Date.now() - 1000 }),
    ];
    expect(refusals.map((refusal) => [refusal.status, refusal.body.code])).toEqual(Array(4).fill([400, 'message.rejected']));
  });

  it('keeps only safe HTML, and tells the player live that the count changed', async () => {
    const reader = await player();
    const stream = await readServerEventsForTest(`${url}/wps/member/live`, { authorization: reader.token });
    try {
      await stream.next('ready');
      const sent = await send({
        audience: 'members',
        accounts: [reader.account],
        texts: {
          en: {
            title: 'Safe <b>title</b>',
            content: '<p onclick="x()">Hi<img src="x" onerror="alert(1)"><script>alert(2)</script></p>',
          },
        },
      });
      expect(JSON.parse(await stream.next('inbox'))).toEqual({ broadcast: false });
      const [message] = (await reader.call('GET', '/wps/member/messages')).body.value.list;
      expect(message.content).toBe('<p>Hi<img src="x" /></p>');
      expect(message.title).not.toContain('<b>');
      await reader.call('POST', '/wps/member/messages/read', { ids: [sent.body.value.id] });
      expect(JSON.parse(await stream.next('inbox'))).toEqual({ broadcast: false });
      await send({ audience: 'all', texts: texts('To all') });
      expect(JSON.parse(await stream.next('inbox'))).toEqual({ broadcast: true });
    } finally {
      stream.close();
    }
  });
});
