import { randomBytes } from 'node:crypto';
import { sendContactCode, verifyContact } from '@tessera/contract/api/recovery-contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { listOutbox } from '../mailer/outbox.js';
import { startSession } from '../sessions/service.js';
import { CONTACT_CODE_MAX_ATTEMPTS } from './recovery-contacts.js';

describe('recovery e-mail and mobile', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let addressCounter = 10;
  const freshAddress = () => `10.7.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;
  let mobileCounter = 20_000_000;
  const freshMobile = () => `018${mobileCounter++}`;
  const freshEmail = () => `p${randomBytes(4).toString('hex')}@example.com`;

  const player = async (overrides: Parameters<typeof newMember>[1] = {}) => {
    const member = await newMember(t.db.kysely, overrides);
    const token = await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.7.255.1' });
    return { member, headers: { authorization: token } };
  };
  const sendCode = (headers: Record<string, string>, payload: Record<string, string>) =>
    sealedInject(t.app, sendContactCode, payload, { headers, remoteAddress: freshAddress() });
  const verify = (headers: Record<string, string>, channel: string, code: string) =>
    t.app.inject({ method: 'POST', url: verifyContact.path, headers, payload: { channel, code } });
  const overview = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/wps/member/security', headers })).json().value;
  const codeSentTo = async (kind: 'mail' | 'sms', recipient: string) => {
    const messages = await listOutbox(t.db.kysely, DEMO_MERCHANT, kind, 50);
    const message = messages.find((m) => m.recipient === recipient);
    // The code ends its sentence; the account name before it may hold digits too.
    return message ? (/(?<!\d)(\d{6})(?=[.।])/.exec(message.body)?.[1] ?? null) : null;
  };
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

  it('needs a session, and a real account', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: sendContactCode.path, payload: { channel: 'email' } });
    expect(anonymous.statusCode).toBe(401);
    const trial = await player({ agentType: 4 });
    const refused = await sendCode(trial.headers, { channel: 'email', email: freshEmail() });
    expect(refused.json().code).toBe('in_need_true_account');
  });

  it('binds an e-mail with the mailed code, once, after which a password reset can reach it', async () => {
    const { member, headers } = await player();
    const email = freshEmail();
    const invalid = await sendCode(headers, { channel: 'email', email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().value.fields[0].field).toBe('body/email');

    const sent = await sendCode(headers, { channel: 'email', email: email.toUpperCase() });
    expect(sent.json()).toEqual({ success: true, code: 'ok', message: '', value: { expiredMinutes: 5 } });
    const code = (await codeSentTo('mail', email)) as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(await overview(headers)).toMatchObject({ emailMasked: null, emailVerified: false });

    const bad = await verify(headers, 'email', wrong(code));
    expect(bad.json()).toMatchObject({ code: 'sms.code.invalid', message: 'errors.sms_code_invalid' });
    expect((await verify(headers, 'email', code)).json()).toEqual({ success: true, code: 'ok', message: '', value: null });
    expect(await overview(headers)).toMatchObject({ emailMasked: `${email[0]}***@example.com`, emailVerified: true });
    expect((await verify(headers, 'email', code)).json().code).toBe('contact.code.missing');

    const stored = await t.db.kysely.selectFrom('contact_codes').select('code_hash').where('member_id', '=', member.id).execute();
    expect(stored.map((row) => Buffer.from(row.code_hash).toString())).not.toContain(code);
  });

  it('binds a mobile with the SMS code', async () => {
    const { headers } = await player();
    const mobile = freshMobile();
    await sendCode(headers, { channel: 'mobile', mobileNum: mobile, countryDialingCode: '+880' });
    const code = (await codeSentTo('sms', `+880${mobile.slice(1)}`)) as string;
    expect((await verify(headers, 'mobile', code)).json().success).toBe(true);
    expect(await overview(headers)).toMatchObject({ mobileMasked: `+880 ${mobile.slice(1, -4)}****`, mobileVerified: true });
  });

  it('refuses an expired code and kills a code after 5 guesses', async () => {
    const { member, headers } = await player();
    const email = freshEmail();
    await sendCode(headers, { channel: 'email', email });
    const code = (await codeSentTo('mail', email)) as string;
    for (let i = 0; i < CONTACT_CODE_MAX_ATTEMPTS; i++) await verify(headers, 'email', wrong(code));
    expect((await verify(headers, 'email', code)).json().code).toBe('sms.code.invalid');

    await t.db.kysely.deleteFrom('rate_marks').where('key', '=', String(member.id)).execute();
    await t.db.kysely.deleteFrom('rate_marks').where('key', '=', `${DEMO_MERCHANT}:${email}`).execute();
    await sendCode(headers, { channel: 'email', email });
    const fresh = (await codeSentTo('mail', email)) as string;
    await t.db.kysely
      .updateTable('contact_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', member.id)
      .execute();
    expect((await verify(headers, 'email', fresh)).json().code).toBe('sms.code.expired');
    expect((await overview(headers)).emailVerified).toBe(false);
  });

  it('limits sends per account and per address', async () => {
    const first = await player();
    const email = freshEmail();
    expect((await sendCode(first.headers, { channel: 'email', email })).statusCode).toBe(200);
    const sameAccount = await sendCode(first.headers, { channel: 'email', email: freshEmail() });
    expect(sameAccount.statusCode).toBe(429);
    expect(sameAccount.json().code).toBe('sms.too.frequent');
    const second = await player();
    expect((await sendCode(second.headers, { channel: 'email', email })).json().code).toBe('sms.too.frequent');
  });

  it('limits sends per client address and channel: an e-mail code does not hold up the SMS that follows it', async () => {
    const { headers } = await player();
    const sameAddress = { headers, remoteAddress: freshAddress() };
    const send = (payload: Record<string, string>) => sealedInject(t.app, sendContactCode, payload, sameAddress);
    expect((await send({ channel: 'email', email: freshEmail() })).statusCode).toBe(200);
    expect((await send({ channel: 'mobile', mobileNum: freshMobile(), countryDialingCode: '+880' })).statusCode).toBe(200);
    const other = await player();
    const again = await sealedInject(
      t.app,
      sendContactCode,
      { channel: 'mobile', mobileNum: freshMobile(), countryDialingCode: '+880' },
      { ...sameAddress, headers: other.headers },
    );
    expect(again.json().code).toBe('sms.too.frequent');
  });

  it('refuses an address another account has proven, even when both asked for codes before either verified', async () => {
    const email = freshEmail();
    const holder = await player({ email, emailVerified: true });
    const other = await player();
    expect((await sendCode(other.headers, { channel: 'email', email })).json().code).toBe('contact.email.taken');
    expect(holder.member.id).not.toBe(other.member.id);

    const raced = freshEmail();
    const a = await player();
    const b = await player();
    await sendCode(a.headers, { channel: 'email', email: raced });
    const codeA = (await codeSentTo('mail', raced)) as string;
    await t.db.kysely.deleteFrom('rate_marks').where('key', '=', `${DEMO_MERCHANT}:${raced}`).execute();
    await sendCode(b.headers, { channel: 'email', email: raced });
    const codeB = (await codeSentTo('mail', raced)) as string;
    expect((await verify(a.headers, 'email', codeA)).json().success).toBe(true);
    const late = await verify(b.headers, 'email', codeB);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'contact.email.taken', message: 'errors.contact_email_taken' });

    const mobile = freshMobile();
    await player({ mobile, dialCode: '880' });
    const taker = await player();
    const taken = await sendCode(taker.headers, { channel: 'mobile', mobileNum: mobile, countryDialingCode: '880' });
    expect(taken.json().code).toBe('contact.mobile.taken');
  });

  it('spends a code once when the right code is sent twice at the same time', async () => {
    const { member, headers } = await player();
    const email = freshEmail();
    await sendCode(headers, { channel: 'email', email });
    const code = (await codeSentTo('mail', email)) as string;
    const settings = await t.settings.cached(DEMO_MERCHANT);
    const ctx = {
      merchantCode: DEMO_MERCHANT,
      ip: '10.7.255.2',
      settings: settings as NonNullable<typeof settings>,
      language: 'en',
    };
    const answers = await Promise.allSettled(
      Array.from({ length: 2 }, () => t.services.recoveryContacts.verify(ctx, member.id, 'email', code)),
    );
    const codes = answers.map((answer) =>
      answer.status === 'fulfilled' ? 'ok' : ((answer.reason as { code?: string }).code ?? String(answer.reason)),
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(['contact.code.missing', 'sms.code.invalid']).toContain(codes.find((code) => code !== 'ok'));
    const used = await t.db.kysely
      .selectFrom('contact_codes')
      .select(['used_at', 'attempts'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(used.used_at).not.toBeNull();
  });

  it('writes the code in the language of the request', async () => {
    const { headers } = await player();
    const email = freshEmail();
    await sendCode({ ...headers, language: 'bn' }, { channel: 'email', email });
    const [mail] = (await listOutbox(t.db.kysely, DEMO_MERCHANT, 'mail', 50)).filter((m) => m.recipient === email);
    expect(mail?.subject).toBe('Tessera: আপনার ই-মেইল নিশ্চিত করুন');
    expect(mail?.body).toMatch(/অ্যাকাউন্টের জন্য এই ই-মেইল নিশ্চিত করার কোড \d{6}। কোডটি ৫ মিনিটের মধ্যে/);
  });

  it("takes the login password to replace a proven address, and tells the old one in the member's language", async () => {
    const oldEmail = freshEmail();
    const oldMobile = freshMobile();
    const { member, headers } = await player({
      email: oldEmail,
      emailVerified: true,
      mobile: oldMobile,
      dialCode: '880',
      mobileVerified: true,
    });
    await t.db.kysely.updateTable('members').set({ language: 'bn' }).where('id', '=', member.id).execute();
    const newEmail = freshEmail();
    const missing = await sendCode(headers, { channel: 'email', email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().value.fields).toEqual([{ field: 'body/password', key: 'validation.required', params: {} }]);
    await t.db.kysely.deleteFrom('rate_marks').where('key', '=', String(member.id)).execute();
    const wrongPassword = await sendCode(headers, { channel: 'email', email: newEmail, password: 'not-it-123' });
    expect(wrongPassword.json()).toMatchObject({ code: 'password.old.invalid', message: 'errors.old_password_invalid' });
    expect(await codeSentTo('mail', newEmail)).toBeNull();

    await t.db.kysely.deleteFrom('rate_marks').where('key', '=', String(member.id)).execute();
    await t.db.kysely.deleteFrom('rate_marks').where('key', '=', `${DEMO_MERCHANT}:${newEmail}`).execute();
    expect((await sendCode(headers, { channel: 'email', email: newEmail, password: member.password })).statusCode).toBe(200);
    expect((await verify(headers, 'email', (await codeSentTo('mail', newEmail)) as string)).json().success).toBe(true);
    await t.services.backgroundSends.idle();
    const notice = (await listOutbox(t.db.kysely, DEMO_MERCHANT, 'mail', 50)).find((m) => m.recipient === oldEmail);
    expect(notice?.subject).toBe('Tessera: আপনার পুনরুদ্ধার ই-মেইল বদলানো হয়েছে');
    expect(notice?.body).toContain(member.account);

    const newMobile = freshMobile();
    const noPassword = await sendCode(headers, { channel: 'mobile', mobileNum: newMobile, countryDialingCode: '880' });
    expect(noPassword.json().value.fields[0].field).toBe('body/password');
    await t.db.kysely.deleteFrom('rate_marks').where('key', '=', String(member.id)).execute();
    await sendCode(headers, { channel: 'mobile', mobileNum: newMobile, countryDialingCode: '880', password: member.password });
    const code = (await codeSentTo('sms', `+880${newMobile.slice(1)}`)) as string;
    expect((await verify(headers, 'mobile', code)).json().success).toBe(true);
    await t.services.backgroundSends.idle();
    const sms = (await listOutbox(t.db.kysely, DEMO_MERCHANT, 'sms', 50)).find(
      (m) => m.recipient === `+880${oldMobile.slice(1)}`,
    );
    expect(sms?.body).toContain('অন্য একটি মোবাইল নম্বর');
  });

  it('asks no password to prove an address not yet proven, nor tells anyone', async () => {
    const email = freshEmail();
    const { headers } = await player({ email });
    const other = freshEmail();
    expect((await sendCode(headers, { channel: 'email', email: other })).statusCode).toBe(200);
    expect((await verify(headers, 'email', (await codeSentTo('mail', other)) as string)).json().success).toBe(true);
    await t.services.backgroundSends.idle();
    expect((await listOutbox(t.db.kysely, DEMO_MERCHANT, 'mail', 50)).filter((m) => m.recipient === email)).toEqual([]);
  });
});
