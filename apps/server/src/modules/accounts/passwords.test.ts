import { changePassword, login, resetPassword } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { captchaAnswerHash } from '../captcha/service.js';
import { listOutbox } from '../mailer/outbox.js';
import { hashToken } from '../sessions/service.js';
import { clearTurns } from '../throttle/service.js';
import { FORGOT_ANSWER_FLOOR_MS } from './passwords.js';
import { insertGrant } from './repo.js';

describe('passwords', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let addressCounter = 10;
  const freshAddress = () => `10.1.0.${addressCounter++}`;
  const logIn = async (account: string, password: string) =>
    sealedInject(t.app, login, { username: account, password }, { remoteAddress: freshAddress() });
  const change = (token: string, payload: Record<string, unknown>) =>
    sealedInject(t.app, changePassword, payload, { headers: { authorization: token } });
  const solvableCaptcha = async (remoteAddress: string) => {
    await clearTurns(t.db.kysely, 'captcha', remoteAddress);
    const captchaId = (await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress })).json().value.captchaId;
    await t.db.kysely
      .updateTable('captchas')
      .set({ answer_hash: captchaAnswerHash(captchaId, '1357') })
      .where('id', '=', captchaId)
      .execute();
    return { captchaId, captcha: '1357' };
  };
  const forgot = async (fields: Record<string, string>, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  describe('change password', () => {
    it('changes the password with the old one', async () => {
      const member = await newMember(t.db.kysely);
      const token = (await logIn(member.account, member.password)).json().value.token;
      const response = await change(token, {
        oldPassword: member.password,
        newPassword: 'Changed99',
        confirmNewPassword: 'Changed99',
      });
      expect(response.json()).toEqual({ success: true, code: 'ok', message: '', value: null });
      expect((await logIn(member.account, member.password)).json().code).toBe('login.invalid');
      expect((await logIn(member.account, 'Changed99')).statusCode).toBe(200);
    });

    it("says 'Incorrect confirmation input' when the confirmation differs", async () => {
      const member = await newMember(t.db.kysely);
      const token = (await logIn(member.account, member.password)).json().value.token;
      const response = await change(token, {
        oldPassword: member.password,
        newPassword: 'Changed99',
        confirmNewPassword: 'Changed98',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'password.confirmation.mismatch',
        message: 'validation.confirmation_mismatch',
      });
    });

    it('refuses a wrong or missing old password, a new password breaking the rule, plaintext and no token', async () => {
      const member = await newMember(t.db.kysely);
      const token = (await logIn(member.account, member.password)).json().value.token;
      const body = { newPassword: 'Changed99', confirmNewPassword: 'Changed99' };
      expect((await change(token, { ...body, oldPassword: 'not-it-at-all' })).json().code).toBe('password.old.invalid');
      expect((await change(token, body)).json().code).toBe('password.old.required');
      const weak = await change(token, { oldPassword: member.password, newPassword: 'ab', confirmNewPassword: 'ab' });
      expect(weak.json().value.fields[0]).toMatchObject({ field: 'body/newPassword', key: 'validation.password_length' });
      const plain = await t.app.inject({
        method: 'POST',
        url: changePassword.path,
        headers: { authorization: token },
        payload: body,
      });
      expect(plain.json().code).toBe('request.encryption.required');
      expect((await change('forged-token-forged-token-forged', { ...body, oldPassword: member.password })).statusCode).toBe(401);
    });

    it('refuses the current password as the new one, with the old password or a grant', async () => {
      const member = await newMember(t.db.kysely);
      const token = (await logIn(member.account, member.password)).json().value.token;
      const same = { oldPassword: member.password, newPassword: member.password, confirmNewPassword: member.password };
      const response = await change(token, same);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'password.new.same', message: 'errors.new_password_same' });
      const grant = 'change-grant-of-the-same-member';
      await insertGrant(t.db.kysely, {
        tokenHash: hashToken(grant),
        memberId: member.id,
        purpose: 'change',
        expiresAt: new Date(Date.now() + 60_000),
      });
      const sameWithGrant = { grant, newPassword: member.password, confirmNewPassword: member.password };
      expect((await change(token, sameWithGrant)).json().code).toBe('password.new.same');
      const fresh = await change(token, { grant, newPassword: 'Changed99', confirmNewPassword: 'Changed99' });
      expect(fresh.json().success).toBe(true);
    });

    it("refuses another member's grant", async () => {
      const weak = await newMember(t.db.kysely, { password: '123456' });
      const other = await newMember(t.db.kysely);
      const grant = (await logIn(weak.account, '123456')).json().value.passwordChangeGrant;
      const otherToken = (await logIn(other.account, other.password)).json().value.token;
      const response = await change(otherToken, { grant, newPassword: 'Changed99', confirmNewPassword: 'Changed99' });
      expect(response.json().code).toBe('password.grant.invalid');
      expect((await logIn(other.account, other.password)).statusCode).toBe(200);
    });
  });

  describe('forgot password by email', () => {
    it('mails a single-use reset link and answers the same when the pair does not exist', async () => {
      const member = await newMember(t.db.kysely, { email: 'karim@example.com', emailVerified: true });
      const address = freshAddress();
      const known = await forgot(
        { username: member.account, email: 'KARIM@example.com', ...(await solvableCaptcha(address)) },
        address,
      );
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ success: true, code: 'ok', message: '', value: { messageKey: 'in_been_out' } });
      const otherAddress = freshAddress();
      const unknown = await forgot(
        { username: 'nosuchuser', email: 'x@example.com', ...(await solvableCaptcha(otherAddress)) },
        otherAddress,
      );
      expect(unknown.json()).toEqual(known.json());

      await t.services.backgroundSends.idle();
      const [mail] = await listOutbox(t.db.kysely, member.merchantCode, 'mail', 5);
      expect(mail?.recipient).toBe('karim@example.com');
      expect(mail?.body).not.toContain(member.password);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] as string;
      expect(mail?.body).toContain('https://localhost/resetPassword?token=');

      const reset = (payload: Record<string, unknown>) => sealedInject(t.app, resetPassword, payload);
      expect((await reset({ token, newPassword: 'Reset1234', confirmNewPassword: 'Reset1235' })).json().code).toBe(
        'password.confirmation.mismatch',
      );
      expect((await reset({ token, newPassword: 'Reset1234', confirmNewPassword: 'Reset1234' })).json().success).toBe(true);
      expect((await reset({ token, newPassword: 'Reset5678', confirmNewPassword: 'Reset5678' })).json().code).toBe(
        'password.reset.invalid',
      );
      expect((await logIn(member.account, 'Reset1234')).statusCode).toBe(200);
    });

    it('needs a right captcha, and refuses a second request from the same address within 30 seconds', async () => {
      const address = freshAddress();
      const wrong = await forgot({ username: 'someone', email: 'a@example.com', captchaId: 'nope', captcha: '1111' }, address);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('login.captcha.invalid');
      const missing = await forgot({ username: 'someone', email: 'a@example.com' }, address);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('request.invalid');
      expect(
        (await forgot({ username: 'someone', email: 'a@example.com', ...(await solvableCaptcha(address)) }, address)).statusCode,
      ).toBe(200);
      const again = await forgot({ username: 'someone', email: 'a@example.com', ...(await solvableCaptcha(address)) }, address);
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('rate.limited');
    });

    it('refuses an expired reset link', async () => {
      const member = await newMember(t.db.kysely, { email: 'late@example.com', emailVerified: true });
      const address = freshAddress();
      await forgot({ username: member.account, email: 'late@example.com', ...(await solvableCaptcha(address)) }, address);
      await t.services.backgroundSends.idle();
      const [mail] = await listOutbox(t.db.kysely, member.merchantCode, 'mail', 1);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] as string;
      await t.db.kysely
        .updateTable('password_grants')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('member_id', '=', member.id)
        .execute();
      const response = await sealedInject(t.app, resetPassword, {
        token,
        newPassword: 'Reset1234',
        confirmNewPassword: 'Reset1234',
      });
      expect(response.json().code).toBe('password.reset.invalid');
    });

    it('sends no link to an e-mail typed at sign-up and never proven, and answers it like any other', async () => {
      const member = await newMember(t.db.kysely, { email: 'unproven@example.com' });
      const address = freshAddress();
      const response = await forgot(
        { username: member.account, email: 'unproven@example.com', ...(await solvableCaptcha(address)) },
        address,
      );
      expect(response.json().value).toEqual({ messageKey: 'in_been_out' });
      await t.services.backgroundSends.idle();
      const mails = await listOutbox(t.db.kysely, member.merchantCode, 'mail', 50);
      expect(mails.filter((mail) => mail.recipient === 'unproven@example.com')).toEqual([]);
    });

    it('answers a known and an unknown account in the same time, without waiting for a slow mail provider', async () => {
      const slowSend = t.services.mailer.send.bind(t.services.mailer);
      t.services.mailer.send = async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await slowSend(mail);
      };
      try {
        const member = await newMember(t.db.kysely, { email: 'timing@example.com', emailVerified: true });
        const timed = async (username: string) => {
          const address = freshAddress();
          const captcha = await solvableCaptcha(address);
          const started = performance.now();
          const response = await forgot({ username, email: 'timing@example.com', ...captcha }, address);
          expect(response.statusCode).toBe(200);
          return performance.now() - started;
        };
        const known = await timed(member.account);
        const unknown = await timed('nosuchaccount');
        expect(known).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
        expect(unknown).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
        expect(known).toBeLessThan(1400);
        await t.services.backgroundSends.idle();
        const [mail] = await listOutbox(t.db.kysely, member.merchantCode, 'mail', 1);
        expect(mail?.recipient).toBe('timing@example.com');
      } finally {
        t.services.mailer.send = slowSend;
      }
    });
  });
});
