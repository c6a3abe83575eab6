import { login, registerMobile, setPasswordByPhone } from '@tessera/contract/api/accounts';
import { FEATURES, setFeature } from '@tessera/contract/features';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { listOutbox } from '../mailer/outbox.js';

describe('SMS codes: registration, login by code, password by phone', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.settings.update(
      DEMO_MERCHANT,
      'whitelabel',
      (tree) =>
        [FEATURES.mobileRegistration, FEATURES.mobileRegistrationSms, FEATURES.smsLogin, FEATURES.passwordResetByPhone].reduce(
          (next, modId) => setFeature(next, modId, true) ?? next,
          tree,
        ),
      'test',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });
  afterAll(() => t.close());

  let addressCounter = 10;
  const freshAddress = () => `10.3.0.${addressCounter++}`;
  let numberCounter = 10_000_000;
  const freshMobile = () => `017${numberCounter++}`;
  const post = (url: string, payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const lastCodeTo = async (mobile: string) => {
    const messages = await listOutbox(t.db.kysely, DEMO_MERCHANT, 'sms', 50);
    const message = messages.find((m) => m.recipient === `+880${mobile.slice(1)}`);
    return message ? (/(?<!\d)(\d{6})(?!\d)/.exec(message.body)?.[1] ?? null) : null;
  };
  const registration = (mobile: string, verificationCode: string) => ({
    username: mobile,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    mobileNum: mobile,
    countryDialingCode: '+880',
    verificationCode,
    termsAccepted: true,
    ageConsent: true,
  });

  it('sends a registration code, at most once per number per countdown and once a second per address', async () => {
    const mobile = freshMobile();
    const address = freshAddress();
    const sent = await post('/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: '880' }, address);
    expect(sent.json()).toEqual({ success: true, code: 'ok', message: '', value: { expiredMinutes: 5 } });
    expect(await lastCodeTo(mobile)).toMatch(/^\d{6}$/);
    // The next call lands inside the address's second however slow this machine is: its turn is stamped ahead.
    const stamped =
      await sql`UPDATE rate_marks SET last_at = now() + interval '1 hour' WHERE scope = 'sms:ip' AND key = ${address}`.execute(
        t.db.kysely,
      );
    expect(stamped.numAffectedRows).toBe(1n);
    const sameAddress = await post(
      '/wps/verification/sms/register',
      { mobileNo: freshMobile(), countryDialingCode: '880' },
      address,
    );
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json()).toMatchObject({ code: 'sms.too.frequent', message: 'errors.sms_too_frequent' });
    const sameNumber = await post('/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: '880' });
    expect(sameNumber.json().code).toBe('sms.too.frequent');
  });

  it('writes the code in the language of the request', async () => {
    const mobile = freshMobile();
    await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { language: 'bn' },
      payload: { mobileNo: mobile, countryDialingCode: '880' },
      remoteAddress: freshAddress(),
    });
    const messages = await listOutbox(t.db.kysely, DEMO_MERCHANT, 'sms', 50);
    const text = messages.find((m) => m.recipient === `+880${mobile.slice(1)}`)?.body;
    expect(text).toMatch(/আপনার যাচাইকরণ কোড \d{6}। কোডটি ৫ মিনিটের মধ্যে/);
  });

  it('refuses a number its country does not have, naming the field and the country', async () => {
    // The sign-up number passes the merchant's (Bangladeshi) rule as typed, so only the country refuses it.
    const calls = [
      ['/wps/verification/sms/register', 'mobileNo', '01712345678', '44'],
      ['/wps/verification/sms/noLogin', 'mobileNum', '01012345678', '880'],
      ['/wps/verification/sms/password', 'mobileNum', '01012345678', '880'],
    ] as const;
    for (const [url, field, mobile, dialCode] of calls) {
      const refused = await post(url, { [field]: mobile, countryDialingCode: dialCode });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().value.fields, url).toEqual([
        { field: `body/${field}`, key: 'validation.mobile_for_country', params: { dialCode: `+${dialCode}` } },
      ]);
    }
    const outbox = await listOutbox(t.db.kysely, DEMO_MERCHANT, 'sms', 50);
    expect(outbox.filter((m) => m.recipient.endsWith('1712345678') || m.recipient.endsWith('1012345678'))).toEqual([]);
  });

  it('stores and texts the number in E.164, and finds the account typed with or without the trunk 0', async () => {
    const mobile = freshMobile();
    const member = await newMember(t.db.kysely, { mobile, dialCode: '880', mobileVerified: true });
    const row = await t.db.kysely
      .selectFrom('members')
      .select(['dial_code', 'mobile'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ dial_code: '880', mobile: mobile.slice(1) });
    for (const typed of [mobile, mobile.slice(1)]) {
      // The number's countdown of the first round would refuse the second send; only the typed form differs.
      await t.db.kysely
        .deleteFrom('rate_marks')
        .where('key', '=', `${DEMO_MERCHANT}:login:880:${mobile.slice(1)}`)
        .execute();
      const sent = await post('/wps/verification/sms/noLogin', { mobileNum: typed, countryDialingCode: '+880' });
      expect(sent.json().success, typed).toBe(true);
      const messages = await listOutbox(t.db.kysely, DEMO_MERCHANT, 'sms', 50);
      expect(messages.filter((m) => m.recipient.endsWith(mobile.slice(1))).map((m) => m.recipient)).toContain(
        `+880${mobile.slice(1)}`,
      );
      const code = (await lastCodeTo(mobile)) as string;
      const response = await sealedInject(t.app, login, {
        type: 'sms',
        username: typed,
        password: code,
        countryDialingCode: '880',
      });
      expect(response.json().value, typed).toMatchObject({ id: Number(member.id) });
    }
  });

  it('refuses a malformed or missing number', async () => {
    const bad = await post('/wps/verification/sms/register', { mobileNo: '12345', countryDialingCode: '880' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'sms.mobile.invalid', message: 'errors.sms_mobile_invalid' });
    expect((await post('/wps/verification/sms/noLogin', { countryDialingCode: '880' })).json().code).toBe('request.invalid');
    expect(
      (await post('/wps/verification/sms/noLogin', { mobileNum: freshMobile(), countryDialingCode: 'abc' })).statusCode,
    ).toBe(400);
  });

  it('registers by mobile number with the code, which then is used up', async () => {
    const mobile = freshMobile();
    await post('/wps/verification/sms/register', { username: mobile, countryDialingCode: '880' });
    const code = (await lastCodeTo(mobile)) as string;
    const wrong = await sealedInject(t.app, registerMobile, registration(mobile, code === '000000' ? '000001' : '000000'));
    expect(wrong.json()).toMatchObject({ code: 'sms.code.invalid', message: 'errors.sms_code_invalid' });
    const response = await sealedInject(t.app, registerMobile, registration(mobile, code));
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({ userName: mobile, customerType: 0 });
    const again = await sealedInject(t.app, registerMobile, registration(mobile, code));
    expect(again.json().code).toBe('sms.code.invalid');
    const taken = await post('/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: '880' });
    expect(taken.json().code).toBe('register.mobile.taken');
  });

  it('refuses an expired code and a registration without one', async () => {
    const mobile = freshMobile();
    await post('/wps/verification/sms/register', { mobileNo: mobile, countryDialingCode: '880' });
    const code = (await lastCodeTo(mobile)) as string;
    await t.db.kysely
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('mobile', '=', mobile.slice(1))
      .execute();
    const expired = await sealedInject(t.app, registerMobile, registration(mobile, code));
    expect(expired.json()).toMatchObject({ code: 'sms.code.expired', message: 'errors.sms_code_expired' });
    const missing = await sealedInject(t.app, registerMobile, registration(mobile, ''));
    expect(missing.json().value.fields).toContainEqual({
      field: 'body/verificationCode',
      key: 'validation.required',
      params: {},
    });
  });

  it('logs in by SMS code, without forcing a change of a 123456 password', async () => {
    const mobile = freshMobile();
    const member = await newMember(t.db.kysely, { password: '123456', mobile, dialCode: '880' });
    await post('/wps/verification/sms/noLogin', { mobileNum: mobile, countryDialingCode: '+880' });
    const code = (await lastCodeTo(mobile)) as string;
    const response = await sealedInject(t.app, login, {
      type: 'sms',
      username: mobile,
      password: code,
      countryDialingCode: '880',
    });
    expect(response.json().value).toMatchObject({
      id: Number(member.id),
      passwordChangeRequired: false,
      passwordChangeGrant: null,
    });
  });

  it('answers an unknown number like a known one, and sends it nothing', async () => {
    const mobile = freshMobile();
    const response = await post('/wps/verification/sms/noLogin', { mobileNum: mobile, countryDialingCode: '880' });
    expect(response.json()).toEqual({ success: true, code: 'ok', message: '', value: { expiredMinutes: 5 } });
    expect(await lastCodeTo(mobile)).toBeNull();
    const guess = await sealedInject(t.app, login, {
      type: 'sms',
      username: mobile,
      password: '123456',
      countryDialingCode: '880',
    });
    expect(guess.json().code).toBe('sms.code.invalid');
  });

  it('kills a code after 5 wrong guesses', async () => {
    const mobile = freshMobile();
    await newMember(t.db.kysely, { mobile, dialCode: '880' });
    await post('/wps/verification/sms/noLogin', { mobileNum: mobile, countryDialingCode: '880' });
    const code = (await lastCodeTo(mobile)) as string;
    const wrongCode = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      await sealedInject(t.app, login, { type: 'sms', username: mobile, password: wrongCode, countryDialingCode: '880' });
    }
    const right = await sealedInject(t.app, login, { type: 'sms', username: mobile, password: code, countryDialingCode: '880' });
    expect(right.json().code).toBe('sms.code.invalid');
  });

  it('sets a new password by phone and logs in', async () => {
    const mobile = freshMobile();
    const member = await newMember(t.db.kysely, { mobile, dialCode: '880', mobileVerified: true });
    const sent = await post('/wps/verification/sms/password', { mobileNum: mobile, countryDialingCode: '880' });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    await t.services.backgroundSends.idle();
    const code = (await lastCodeTo(mobile)) as string;
    expect(code).toMatch(/^\d{6}$/);
    const body = { mobileNum: mobile, countryDialingCode: '880', verificationCode: code, newPassword: 'ByPhone123' };
    const mismatch = await sealedInject(t.app, setPasswordByPhone, { ...body, confirmNewPassword: 'ByPhone124' });
    expect(mismatch.json().code).toBe('password.confirmation.mismatch');
    const response = await sealedInject(t.app, setPasswordByPhone, { ...body, confirmNewPassword: 'ByPhone123' });
    expect(response.json().value).toMatchObject({ id: Number(member.id), token: expect.any(String) });
    expect((await sealedInject(t.app, login, { username: member.account, password: 'ByPhone123' })).statusCode).toBe(200);
    expect((await sealedInject(t.app, login, { username: member.account, password: member.password })).json().code).toBe(
      'login.invalid',
    );
    const plain = await t.app.inject({ method: 'POST', url: setPasswordByPhone.path, payload: body });
    expect(plain.json().code).toBe('request.encryption.required');
  });

  it('sends a reset code only to a proven number, answering every number alike', async () => {
    const unproven = freshMobile();
    await newMember(t.db.kysely, { mobile: unproven, dialCode: '880' });
    const unknown = freshMobile();
    const answers = [];
    for (const mobile of [unproven, unknown]) {
      answers.push((await post('/wps/verification/sms/password', { mobileNum: mobile, countryDialingCode: '880' })).json());
    }
    expect(answers[0]).toEqual({ success: true, code: 'ok', message: '', value: { expiredMinutes: 5 } });
    expect(answers[1]).toEqual(answers[0]);
    await t.services.backgroundSends.idle();
    expect(await lastCodeTo(unproven)).toBeNull();
    expect(await lastCodeTo(unknown)).toBeNull();
    const again = await post('/wps/verification/sms/password', { mobileNum: unknown, countryDialingCode: '880' });
    expect(again.json().code).toBe('sms.too.frequent');
  });

  it('does not take a login code for a password reset', async () => {
    const mobile = freshMobile();
    await newMember(t.db.kysely, { mobile, dialCode: '880', mobileVerified: true });
    await post('/wps/verification/sms/noLogin', { mobileNum: mobile, countryDialingCode: '880' });
    const code = (await lastCodeTo(mobile)) as string;
    const response = await sealedInject(t.app, setPasswordByPhone, {
      mobileNum: mobile,
      countryDialingCode: '880',
      verificationCode: code,
      newPassword: 'ByPhone123',
    });
    expect(response.json().code).toBe('sms.code.invalid');
  });
});
