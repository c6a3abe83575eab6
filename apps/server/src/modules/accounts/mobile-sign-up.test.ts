import { login, registerMobile, setPasswordByPhone } from '@tessera/contract/api/accounts';
import { FEATURES, setFeature } from '@tessera/contract/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { listOutbox } from '../mailer/outbox.js';

describe('mobile sign-up with or without a password (MOBILENUMPASSREG3)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const switchTo = async (on: string[], off: string[]) => {
    await t.settings.update(
      DEMO_MERCHANT,
      'whitelabel',
      (tree) =>
        [...on.map((id) => [id, true] as const), ...off.map((id) => [id, false] as const)].reduce(
          (next, [modId, enabled]) => setFeature(next, modId, enabled) ?? next,
          tree,
        ),
      'test',
    );
    // The settings cache holds a merchant's settings for a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  };
  beforeAll(async () => {
    t = await createTestApp();
    await switchTo(
      [FEATURES.mobileRegistration, FEATURES.mobileRegistrationSms, FEATURES.smsLogin, FEATURES.passwordResetByPhone],
      [FEATURES.mobileWithPassword],
    );
  });
  afterAll(() => t.close());

  let addressCounter = 10;
  const freshAddress = () => `10.4.0.${addressCounter++}`;
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });
  const codeTo = async (mobile: string) => {
    await t.services.backgroundSends.idle();
    const messages = await listOutbox(t.db.kysely, DEMO_MERCHANT, 'sms', 50);
    const message = messages.find((m) => m.recipient === `+880${mobile.slice(1)}`);
    return message ? (/(?<!\d)(\d{6})(?!\d)/.exec(message.body)?.[1] ?? '') : '';
  };
  const signUp = (mobile: string, verificationCode: string, password = '') =>
    sealedInject(t.app, registerMobile, {
      username: mobile,
      password,
      confirmPassword: password,
      mobileNum: mobile,
      countryDialingCode: '+880',
      verificationCode,
      termsAccepted: true,
      ageConsent: true,
    });

  it('off: the SMS code alone makes the account, a password is refused, and the account gets one by phone', async () => {
    const mobile = '01711000001';
    await post('/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: '880' });
    const code = await codeTo(mobile);
    const withPassword = await signUp(mobile, code, 'Secret123');
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().value.fields).toEqual([
      { field: 'body/password', key: 'validation.unknown_field', params: {} },
      { field: 'body/confirmPassword', key: 'validation.unknown_field', params: {} },
    ]);
    const made = await signUp(mobile, code);
    expect(made.statusCode).toBe(200);
    expect(made.json().value).toMatchObject({ userName: mobile });
    const row = await t.db.kysely
      .selectFrom('members')
      .select(['password_hash', 'mobile_verified_at'])
      .where('account', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.mobile_verified_at).not.toBeNull();
    // No password signs in; the code by SMS does, and a password set by phone then does too.
    expect((await sealedInject(t.app, login, { username: mobile, password: '' })).statusCode).toBe(400);
    await post('/wps/verification/sms/password', { mobileNum: mobile, countryDialingCode: '880' });
    const resetCode = await codeTo(mobile);
    const set = await sealedInject(t.app, setPasswordByPhone, {
      mobileNum: mobile,
      countryDialingCode: '880',
      verificationCode: resetCode,
      newPassword: 'ByPhone123',
      confirmNewPassword: 'ByPhone123',
    });
    expect(set.statusCode).toBe(200);
    expect((await sealedInject(t.app, login, { username: mobile, password: 'ByPhone123' })).statusCode).toBe(200);
  });

  it('off and an account so made could not sign in again (no login by code): no mobile sign-up at all', async () => {
    await switchTo([], [FEATURES.smsLogin]);
    const refused = await signUp('01711000002', '123456');
    expect(refused.json()).toMatchObject({ code: 'function.not.available' });
    await switchTo([FEATURES.smsLogin], []);
  });

  it('on: the mobile sign-up takes a password with the number and its code', async () => {
    await switchTo([FEATURES.mobileWithPassword], []);
    const mobile = '01711000003';
    await post('/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: '880' });
    const code = await codeTo(mobile);
    expect((await signUp(mobile, code)).json().value.fields).toContainEqual(expect.objectContaining({ field: 'body/password' }));
    expect((await signUp(mobile, code, 'Secret123')).statusCode).toBe(200);
    expect((await sealedInject(t.app, login, { username: mobile, password: 'Secret123' })).statusCode).toBe(200);
  });
});
