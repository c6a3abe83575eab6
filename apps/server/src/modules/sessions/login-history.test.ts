import { login } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe("a member's sign-in history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ countryOf: (ip) => (ip.startsWith('10.61.') ? 'BD' : null) });
  });
  afterAll(() => t.close());

  const signIn = async (account: string, password: string, userAgent: string, remoteAddress: string) =>
    (
      await sealedInject(t.app, login, { username: account, password }, { headers: { 'user-agent': userAgent }, remoteAddress })
    ).json().value.token as string;

  it('lists each sign-in with its time, address, country and device, newest first, and only the caller sees theirs', async () => {
    const member = await newMember(t.db.kysely);
    await signIn(member.account, member.password, PHONE, '10.61.0.7');
    const token = await signIn(member.account, member.password, DESKTOP, '10.62.0.8');
    const history = await t.app.inject({ url: '/wps/member/logins', headers: { authorization: token } });
    expect(history.json().value).toEqual([
      {
        at: expect.any(Number),
        ip: '10.62.0.8',
        country: null,
        device: 'Firefox 133 · Windows NT 10',
        current: true,
        live: true,
      },
      { at: expect.any(Number), ip: '10.61.0.7', country: 'BD', device: 'Chrome 131 · Android 14', current: false, live: false },
    ]);

    const stranger = await newMember(t.db.kysely);
    const strangerToken = await signIn(stranger.account, stranger.password, PHONE, '10.61.0.9');
    const theirs = await t.app.inject({ url: '/wps/member/logins', headers: { authorization: strangerToken } });
    expect(theirs.json().value.map((record: { ip: string }) => record.ip)).toEqual(['10.61.0.9']);
  });

  it('signs out every other session and keeps this one (one live session per member leaves none to end)', async () => {
    const member = await newMember(t.db.kysely);
    const token = await signIn(member.account, member.password, PHONE, '10.61.1.1');
    const ended = await t.app.inject({
      method: 'POST',
      url: '/wps/member/logins/sign-out-others',
      headers: { authorization: token },
    });
    expect(ended.json().value).toEqual({ ended: 0 });
    expect((await t.app.inject({ url: '/wps/member/info', headers: { authorization: token } })).statusCode).toBe(200);
  });
});
