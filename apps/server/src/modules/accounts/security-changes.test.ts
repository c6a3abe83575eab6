import { randomBytes } from 'node:crypto';
import { changePassword } from '@tessera/contract/api/accounts';
import { getProfile, updateProfile } from '@tessera/contract/api/member-profile';
import { sendContactCode, verifyContact } from '@tessera/contract/api/recovery-contacts';
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from '@tessera/contract/api/two-factor';
import type { RegisterRule } from '@tessera/contract/settings';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { listOutbox } from '../mailer/outbox.js';
import { startSession } from '../sessions/service.js';

const codeOf = (secret: string, offsetSteps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe('two-factor before security changes, and the profile page', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let addressCounter = 1;
  const freshAddress = () => `10.8.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;
  const loggedIn = async () => {
    const member = await newMember(t.db.kysely);
    const token = await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.8.255.1' });
    return { member, headers: { authorization: token } };
  };
  const call = (headers: Record<string, string>, def: { method: string; path: string }, payload?: unknown) =>
    t.app.inject({ method: def.method as 'POST', url: def.path, payload: payload as object, headers });
  /** A logged-in player with two-factor on; the code that turned it on is spent. */
  const enrolled = async () => {
    const player = await loggedIn();
    const { secret } = (await call(player.headers, startTwoFactorEnrolment)).json().value;
    const confirmed = await call(player.headers, confirmTwoFactorEnrolment, { code: codeOf(secret) });
    expect(confirmed.json().success).toBe(true);
    return { ...player, secret: secret as string };
  };
  const change = (player: { headers: Record<string, string> }, body: Record<string, string>) =>
    sealedInject(t.app, changePassword, body, { headers: player.headers });
  const sendCode = (headers: Record<string, string>, payload: Record<string, string>) =>
    sealedInject(t.app, sendContactCode, payload, { headers, remoteAddress: freshAddress() });

  it('asks the authenticator code before a password change: missing, wrong and replayed codes are refused', async () => {
    const player = await enrolled();
    const body = { oldPassword: player.member.password, newPassword: 'NewSecret456', confirmNewPassword: 'NewSecret456' };

    const missing = await change(player, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'twofactor.required', message: 'errors.twofactor_required' });
    const wrong = await change(player, { ...body, googleCode: codeOf(player.secret) === '123456' ? '654321' : '123456' });
    expect(wrong.json()).toMatchObject({ code: 'twofactor.invalid', message: 'errors.twofactor_invalid' });
    // The code that turned two-factor on was this time step's (or the last one's): used, it is refused.
    const replayed = await change(player, { ...body, googleCode: codeOf(player.secret) });
    expect(replayed.json().code).toBe('twofactor.invalid');

    const next = codeOf(player.secret, 1);
    // A wrong password does not spend the code.
    expect((await change(player, { ...body, oldPassword: 'not-it', googleCode: next })).json().code).toBe('password.old.invalid');
    expect((await change(player, { ...body, googleCode: next })).json().success).toBe(true);
    const again = await change(player, {
      oldPassword: 'NewSecret456',
      newPassword: 'Third789x',
      confirmNewPassword: 'Third789x',
      googleCode: next,
    });
    expect(again.json().code).toBe('twofactor.invalid');
  });

  it('changes a password without a code when two-factor is off', async () => {
    const player = await loggedIn();
    const body = { oldPassword: player.member.password, newPassword: 'NewSecret456', confirmNewPassword: 'NewSecret456' };
    expect((await change(player, body)).json().success).toBe(true);
  });

  it('asks the code before binding an e-mail, and the profile says two-factor is on', async () => {
    const player = await enrolled();
    expect((await call(player.headers, getProfile)).json().value.twoFactorEnabled).toBe(true);
    const email = `p${randomBytes(4).toString('hex')}@example.com`;
    const missing = await sendCode(player.headers, { channel: 'email', email });
    expect(missing.json().code).toBe('twofactor.required');
    const replayed = await sendCode(player.headers, { channel: 'email', email, googleCode: codeOf(player.secret) });
    expect(replayed.json().code).toBe('twofactor.invalid');
    expect((await listOutbox(t.db.kysely, DEMO_MERCHANT, 'mail', 50)).some((m) => m.recipient === email)).toBe(false);

    const sent = await sendCode(player.headers, { channel: 'email', email, googleCode: codeOf(player.secret, 1) });
    expect(sent.json().success).toBe(true);
    const mail = (await listOutbox(t.db.kysely, DEMO_MERCHANT, 'mail', 50)).find((m) => m.recipient === email);
    const code = /(?<!\d)(\d{6})(?=[.।])/.exec(mail?.body ?? '')?.[1] ?? '';
    expect((await call(player.headers, verifyContact, { channel: 'email', code })).json().success).toBe(true);
    // The binding code is single use.
    expect((await call(player.headers, verifyContact, { channel: 'email', code })).json().code).toBe('contact.code.missing');
    expect((await call(player.headers, getProfile)).json().value).toMatchObject({
      emailVerified: true,
      emailMasked: `p***@example.com`,
    });
  });

  it('asks the code before binding a mobile', async () => {
    const player = await enrolled();
    const refused = await sendCode(player.headers, { channel: 'mobile', mobileNum: '01812345670', countryDialingCode: '880' });
    expect(refused.json().code).toBe('twofactor.required');
  });

  describe('profile fields', () => {
    it("reads nothing optional by default and offers the fields the merchant shows, checked by the merchant's rule", async () => {
      const player = await loggedIn();
      const before = (await call(player.headers, getProfile)).json().value;
      expect(before).toMatchObject({ account: player.member.account, birthday: null, fields: [], emailVerified: false });

      await t.settings.update(
        DEMO_MERCHANT,
        'registerRules',
        (rules) => ({
          ...rules,
          telegram: { ...(rules.telegram as RegisterRule), shown: true },
          fullName: { shown: true, required: false, acceptedPattern: '*', patternId: 21, minLength: 3, maxLength: 60 },
        }),
        'test',
      );
      try {
        const offered = (await call(player.headers, getProfile)).json().value.fields;
        expect(offered.map((field: { name: string }) => field.name)).toEqual(['fullName', 'telegram']);

        const bad = await call(player.headers, updateProfile, { fields: { fullName: 'Karim', line: 'x_line' } });
        expect(bad.statusCode).toBe(400);
        const fields = bad
          .json()
          .value.fields.map((field: { field: string }) => field.field)
          .sort();
        expect(fields).toEqual(['body/fields/fullName', 'body/fields/line']);

        const saved = await call(player.headers, updateProfile, { fields: { fullName: 'Karim Ahmed', telegram: 'karim_tg' } });
        expect(saved.json().value.fields).toEqual([
          expect.objectContaining({ name: 'fullName', value: 'Karim Ahmed' }),
          expect.objectContaining({ name: 'telegram', value: 'karim_tg' }),
        ]);
        const cleared = await call(player.headers, updateProfile, { fields: { telegram: '' } });
        expect(cleared.json().value.fields[1]).toMatchObject({ name: 'telegram', value: '' });
      } finally {
        await t.settings.update(
          DEMO_MERCHANT,
          'registerRules',
          (rules) => {
            const { fullName: _fullName, ...rest } = rules;
            return { ...rest, telegram: { ...(rules.telegram as RegisterRule), shown: false } };
          },
          'test',
        );
      }
    });

    it('sets the birthday once, of a player 21 or older, as a real date', async () => {
      const player = await loggedIn();
      const young = new Date();
      young.setUTCFullYear(young.getUTCFullYear() - 20);
      const tooYoung = await call(player.headers, updateProfile, { birthday: young.toISOString().slice(0, 10) });
      expect(tooYoung.json().value.fields[0]).toMatchObject({ field: 'body/birthday', key: 'validation.age_21' });
      expect((await call(player.headers, updateProfile, { birthday: '1990-02-30' })).statusCode).toBe(400);
      expect((await call(player.headers, updateProfile, { birthday: '30-01-1990' })).statusCode).toBe(400);

      const set = await call(player.headers, updateProfile, { birthday: '1990-01-30' });
      expect(set.json().value.birthday).toBe('1990-01-30');
      expect((await call(player.headers, updateProfile, { birthday: '1990-01-30' })).json().success).toBe(true);
      const changed = await call(player.headers, updateProfile, { birthday: '1991-01-30' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ code: 'profile.birthday.locked', message: 'errors.birthday_locked' });
    });
  });
});
