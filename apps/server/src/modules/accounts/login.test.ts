import { verify } from '@node-rs/argon2';
import { getMemberInfo, login, logout } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember, TEST_PASSWORD } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { captchaAnswerHash } from '../captcha/service.js';
import { clearTurns } from '../throttle/service.js';
import { LOGIN_POLICY } from './login.js';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});

describe('login, sessions and member info', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let addressCounter = 10;
  const freshAddress = () => `10.0.0.${addressCounter++}`;
  const logIn = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    sealedInject(t.app, login, { type: 'username', ...payload }, { remoteAddress });
  const info = (token: string) => t.app.inject({ method: 'GET', url: getMemberInfo.path, headers: { authorization: token } });

  /** A captcha the test can solve: its stored answer is replaced by a known one. */
  const solvableCaptcha = async (remoteAddress: string) => {
    await clearTurns(t.db.kysely, 'captcha', remoteAddress); // the once-a-second limit has its own test
    const captchaId = (await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress })).json().value.captchaId;
    await t.db.kysely
      .updateTable('captchas')
      .set({ answer_hash: captchaAnswerHash(captchaId, '4321') })
      .where('id', '=', captchaId)
      .execute();
    return { captchaId, captcha: '4321' };
  };

  it('logs in with username and password and returns the login result', async () => {
    const member = await newMember(t.db.kysely, { nickname: 'Rahim' });
    const response = await logIn({ username: `  ${member.account.toUpperCase()} `, password: member.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      id: Number(member.id),
      userName: member.account,
      nickname: 'Rahim',
      customerType: 0,
      firstTimeLogin: true,
      passwordExpired: false,
      passwordChangeRequired: false,
      passwordChangeGrant: null,
      lastLoginIp: null,
    });
    const again = (await logIn({ username: member.account, password: member.password })).json().value;
    expect(again).toMatchObject({ firstTimeLogin: false, lastLoginIp: '127.0.0.1' });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const member = await newMember(t.db.kysely);
    const wrong = await logIn({ username: member.account, password: 'wrong-password' }, freshAddress());
    const unknown = await logIn({ username: 'nosuchplayer', password: 'wrong-password' }, freshAddress());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ success: false, code: 'login.invalid', message: 'errors.login_invalid' });
  });

  it('spends one password verification on an unknown account, as on a wrong password (no timing oracle)', async () => {
    const member = await newMember(t.db.kysely);
    const verifications = async (username: string) => {
      vi.mocked(verify).mockClear();
      await logIn({ username, password: 'wrong-password' }, freshAddress());
      return vi.mocked(verify).mock.calls.length;
    };
    expect(await verifications(member.account)).toBe(1);
    expect(await verifications('nosuchplayer')).toBe(1);
  });

  it('limits one address failing across many accounts: captcha after 10, a 5-minute lock after 30', async () => {
    const address = freshAddress();
    const earlierFailures = (count: number, from: number) =>
      t.db.kysely
        .insertInto('login_failures')
        .values(
          Array.from({ length: count }, (_, n) => ({
            merchant_code: DEMO_MERCHANT,
            account_key: `sprayed${from + n}`,
            ip: address,
          })),
        )
        .execute();
    const spray = async (username: string, extra: Record<string, unknown> = {}) =>
      (await logIn({ username, password: 'Summer2026', ...extra }, address)).json().code;
    await earlierFailures(LOGIN_POLICY.addressCaptchaAfter - 2, 0);
    expect(await spray('sprayed-a')).toBe('login.invalid');
    expect(await spray('sprayed-b')).toBe('login.invalid.captcha');
    expect(await spray('sprayed-c')).toBe('login.captcha.required');
    await earlierFailures(LOGIN_POLICY.addressLockAfter - LOGIN_POLICY.addressCaptchaAfter - 1, 100);
    expect(await spray('sprayed-d', await solvableCaptcha(address))).toBe('login.locked');
    const member = await newMember(t.db.kysely);
    const fromThere = await logIn({ username: member.account, password: member.password }, address);
    expect(fromThere.statusCode).toBe(429);
    expect(fromThere.json().code).toBe('login.locked');
    expect((await logIn({ username: member.account, password: member.password }, freshAddress())).statusCode).toBe(200);
  });

  it('ends the older session when the account logs in again: the old token gets 401 login.session.replaced', async () => {
    const member = await newMember(t.db.kysely);
    const first = (await logIn({ username: member.account, password: member.password })).json().value.token;
    expect((await info(first)).statusCode).toBe(200);
    const second = (await logIn({ username: member.account, password: member.password })).json().value.token;
    const old = await info(first);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'login.session.replaced', message: 'errors.signed_in_elsewhere' });
    expect((await info(second)).statusCode).toBe(200);
    const ended = await t.db.kysely.selectFrom('sessions').select('end_reason').where('member_id', '=', member.id).execute();
    expect(ended.map((row) => row.end_reason).sort()).toEqual([null, 'replaced']);
  });

  it('logs out: the token stops working', async () => {
    const member = await newMember(t.db.kysely);
    const token = (await logIn({ username: member.account, password: member.password })).json().value.token;
    const response = await t.app.inject({ method: 'DELETE', url: logout.path, headers: { authorization: token } });
    expect(response.json()).toEqual({ success: true, code: 'ok', message: '', value: null });
    expect((await info(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: logout.path, headers: { authorization: token } })).statusCode).toBe(401);
  });

  it('refuses forged and expired tokens with 401', async () => {
    const member = await newMember(t.db.kysely);
    const token = (await logIn({ username: member.account, password: member.password })).json().value.token;
    expect((await info('forged-token-forged-token-forged-token-xx')).statusCode).toBe(401);
    expect((await info(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(401);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', member.id)
      .execute();
    expect((await info(token)).statusCode).toBe(401);
  });

  it('shows the member only their own info, with the mobile masked', async () => {
    const member = await newMember(t.db.kysely, { nickname: 'Karim', mobile: '01336712345', dialCode: '880' });
    const other = await newMember(t.db.kysely);
    const token = (await logIn({ username: member.account, password: member.password })).json().value.token;
    const otherToken = (await logIn({ username: other.account, password: other.password })).json().value.token;
    const mine = (await info(token)).json().value;
    expect(mine).toMatchObject({
      id: Number(member.id),
      account: member.account,
      nickname: 'Karim',
      type: 0,
      toUpline: false,
      clubLabel: { labelName: 'VIP0', rankLevel: 0 },
      memberLabel: [],
      mobile: '0133671****',
    });
    expect(mine.regDate).toBeGreaterThan(Date.now() - 60_000);
    const theirs = (await info(otherToken)).json().value;
    expect(theirs.id).toBe(Number(other.id));
    expect(theirs.account).not.toBe(member.account);
    for (const url of ['/wps/relay/MCSFE_getPlayerAvatar', '/wps/member/info/icon']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(response.json().value).toEqual({ avatar: '0', avatarType: 'STATIC' });
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('asks for the captcha after 3 failures and locks the account+address pair after 5, for that address only', async () => {
    const member = await newMember(t.db.kysely);
    const address = freshAddress();
    const wrong = (extra: Record<string, unknown> = {}) =>
      logIn({ username: member.account, password: 'bad-password', ...extra }, address);
    expect((await wrong()).json().code).toBe('login.invalid');
    expect((await wrong()).json().code).toBe('login.invalid');
    expect((await wrong()).json().code).toBe('login.invalid.captcha');
    expect((await wrong()).json().code).toBe('login.captcha.required');
    expect((await wrong({ captchaId: 'nope', captcha: '0000' })).json().code).toBe('login.captcha.invalid');
    expect((await wrong(await solvableCaptcha(address))).json().code).toBe('login.invalid.captcha');
    const locked = await wrong(await solvableCaptcha(address));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'login.locked', message: 'errors.too_many_requests' });
    // Even the right password waits out the lock from that address…
    expect((await logIn({ username: member.account, password: member.password }, address)).json().code).toBe('login.locked');
    // …but the player from another address is not locked out by a stranger.
    expect((await logIn({ username: member.account, password: member.password }, freshAddress())).statusCode).toBe(200);
    // After 5 minutes the lock lifts (the captcha is still asked until the window passes).
    await t.db.kysely
      .updateTable('login_failures')
      .set({ failed_at: new Date(Date.now() - 6 * 60_000) } as never)
      .where('account_key', '=', member.account.toLowerCase())
      .execute();
    const afterLock = await logIn(
      { username: member.account, password: member.password, ...(await solvableCaptcha(address)) },
      address,
    );
    expect(afterLock.statusCode).toBe(200);
  });

  it('accepts a captcha answer only from the address that fetched the image', async () => {
    const member = await newMember(t.db.kysely);
    const address = freshAddress();
    for (let i = 0; i < 3; i++) await logIn({ username: member.account, password: 'bad-password' }, address);
    const fetchedElsewhere = await solvableCaptcha(freshAddress());
    const answer = { username: member.account, password: member.password, ...fetchedElsewhere };
    expect((await logIn(answer, address)).json().code).toBe('login.captcha.invalid');
    const fetchedHere = await solvableCaptcha(address);
    expect((await logIn({ ...answer, ...fetchedHere }, address)).statusCode).toBe(200);
  });

  it('a wrong captcha answer uses the captcha up', async () => {
    const member = await newMember(t.db.kysely);
    const address = freshAddress();
    for (let i = 0; i < 3; i++) await logIn({ username: member.account, password: 'bad-password' }, address);
    const captcha = await solvableCaptcha(address);
    expect(
      (
        await logIn(
          { username: member.account, password: member.password, captchaId: captcha.captchaId, captcha: '9999' },
          address,
        )
      ).json().code,
    ).toBe('login.captcha.invalid');
    expect((await logIn({ username: member.account, password: member.password, ...captcha }, address)).json().code).toBe(
      'login.captcha.invalid',
    );
  });

  it('forces a change of the default password 123456 with a single-use grant', async () => {
    const member = await newMember(t.db.kysely, { password: '123456' });
    const result = (await logIn({ username: member.account, password: '123456' })).json().value;
    expect(result).toMatchObject({
      passwordChangeRequired: true,
      passwordExpired: false,
      passwordChangeGrant: expect.any(String),
    });
    const change = (grant: string) =>
      sealedInject(
        t.app,
        { method: 'POST', path: '/wps/member/password' },
        { grant, newPassword: 'NewSecret9', confirmNewPassword: 'NewSecret9' },
        { headers: { authorization: result.token } },
      );
    expect((await change(result.passwordChangeGrant)).json()).toMatchObject({ success: true, value: null });
    expect((await change(result.passwordChangeGrant)).json()).toMatchObject({ code: 'password.grant.invalid' });
    expect((await logIn({ username: member.account, password: 'NewSecret9' })).json().value.passwordChangeRequired).toBe(false);
  });

  it('reports an expired password when PWDEXPFORCECHANGE3 is on', async () => {
    const member = await newMember(t.db.kysely);
    await t.db.kysely
      .updateTable('members')
      .set({ password_changed_at: new Date(Date.now() - 91 * 24 * 3600_000) })
      .where('id', '=', member.id)
      .execute();
    expect((await logIn({ username: member.account, password: member.password })).json().value.passwordExpired).toBe(false);
    await t.settings.update(
      DEMO_MERCHANT,
      'whitelabel',
      (tree) => ({
        ...tree,
        childrenNodes: tree.childrenNodes.map((node) =>
          node.modId === 'PASS3'
            ? {
                ...node,
                childrenNodes: node.childrenNodes.map((c) => (c.modId === 'PWDEXPFORCECHANGE3' ? { ...c, enabled: true } : c)),
              }
            : node,
        ),
      }),
      'test',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const result = (await logIn({ username: member.account, password: member.password })).json().value;
    expect(result).toMatchObject({
      passwordExpired: true,
      passwordChangeRequired: true,
      passwordChangeGrant: expect.any(String),
    });
  });

  it('refuses frozen accounts and non-member account types', async () => {
    const frozen = await newMember(t.db.kysely);
    await t.db.kysely.updateTable('members').set({ status: 'frozen' }).where('id', '=', frozen.id).execute();
    expect((await logIn({ username: frozen.account, password: TEST_PASSWORD })).json()).toMatchObject({
      code: 'login.account.frozen',
    });
    const trial = await newMember(t.db.kysely, { agentType: 4 });
    const response = await logIn({ username: trial.account, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'login.non.member', message: 'errors.login_non_member' });
  });

  it('refuses over-long and missing fields with field errors', async () => {
    const response = await logIn({ username: 'x'.repeat(65) });
    expect(response.statusCode).toBe(400);
    const fields = response.json().value.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body/username', 'body/password']));
  });
});
