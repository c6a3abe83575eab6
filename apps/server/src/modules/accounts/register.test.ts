import { register } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newAgent, newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';

describe('registration by username', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let counter = 0;
  const form = (overrides: Record<string, unknown> = {}) => ({
    username: `player${++counter}x`,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    termsAccepted: true,
    ageConsent: true,
    registerUrl: 'https://localhost/register',
    domain: 'localhost',
    registerMethod: 'WEB',
    login: true,
    ...overrides,
  });
  const send = (payload: Record<string, unknown>) => sealedInject(t.app, register, payload);
  const fieldsOf = (body: { value: { fields: { field: string; key: string; params: unknown }[] } }) =>
    Object.fromEntries(body.value.fields.map((f) => [f.field.replace('body/', ''), { key: f.key, params: f.params }]));

  it('registers, records how, and logs the new member in', async () => {
    const payload = form({
      email: 'rahim@example.com',
      payeeName: 'Rahim Uddin',
      mobileNum: '01712345678',
      countryDialingCode: '+880',
    });
    const response = await send(payload);
    expect(response.statusCode).toBe(200);
    const result = response.json().value;
    expect(result).toMatchObject({
      userName: payload.username,
      customerType: 0,
      firstTimeLogin: true,
      token: expect.any(String),
    });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: result.token } });
    expect(info.json().value).toMatchObject({ account: payload.username, mobile: '0171234****', toUpline: false });
    const row = await t.db.kysely
      .selectFrom('members')
      .select(['registration', 'profile', 'email', 'dial_code', 'password_hash'])
      .where('id', '=', BigInt(result.id))
      .executeTakeFirstOrThrow();
    expect(row.registration).toMatchObject({
      registerMethod: 'WEB',
      registerUrl: 'https://localhost/register',
      domain: 'localhost',
    });
    expect(row.profile).toMatchObject({ email: 'rahim@example.com', payeeName: 'Rahim Uddin' });
    expect(row.dial_code).toBe('880');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers each broken field with its pattern message and bounds', async () => {
    const response = await send(form({ username: '1abc', password: 'short', confirmPassword: 'other', mobileNum: '123' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('request.invalid');
    const fields = fieldsOf(response.json());
    expect(fields.username).toEqual({ key: 'reg_pattern_1', params: { min: 6, max: 16 } });
    expect(fields.password).toEqual({ key: 'validation.password_length', params: { min: 6, max: 20 } });
    expect(fields.confirmPassword?.key).toBe('reg_pattern_19');
    // Spec §5's own sentence for a phone number, ending with the rule's message.
    expect(fields.mobileNum).toEqual({ key: 'validation.phone_format', params: { length: 11, rule: 'reg_pattern_6_exact' } });
  });

  it('requires the confirmation to match, the terms and the 18+ consent', async () => {
    const response = await send(form({ confirmPassword: 'Secret124', termsAccepted: false, ageConsent: false }));
    const fields = fieldsOf(response.json());
    expect(fields.confirmPassword?.key).toBe('validation.confirmation_mismatch');
    expect(fields.termsAccepted?.key).toBe('validation.terms_required');
    expect(fields.ageConsent).toEqual({ key: 'validation.age_consent_required', params: { age: 18 } });
  });

  it('requires fields the register rules require, and asks a birthday of 21 years', async () => {
    await t.settings.update(
      DEMO_MERCHANT,
      'registerRules',
      (rules) => ({
        ...rules,
        email: { ...(rules.email as NonNullable<typeof rules.email>), shown: true, required: true },
        birthday: { ...(rules.birthday as NonNullable<typeof rules.birthday>), shown: true },
      }),
      'test',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 19);
    const response = await send(form({ birthday: young.toISOString().slice(0, 10) }));
    const fields = fieldsOf(response.json());
    expect(fields.email).toEqual({ key: 'validation.required', params: {} });
    expect(fields.birthday).toEqual({ key: 'validation.age_21', params: { age: 21 } });
    await t.settings.update(
      DEMO_MERCHANT,
      'registerRules',
      (rules) => ({
        ...rules,
        email: { ...(rules.email as NonNullable<typeof rules.email>), shown: false, required: false },
      }),
      'test',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('refuses a username taken in any letter case, and the weak default password', async () => {
    const existing = await newMember(t.db.kysely, { account: 'TakenName1' });
    const response = await send(form({ username: existing.account.toLowerCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'register.username.taken', message: 'errors.username_taken' });
    const weak = await send(form({ password: '123456', confirmPassword: '123456' }));
    expect(fieldsOf(weak.json()).password?.key).toBe('errors.password_too_weak');
  });

  it('refuses over-long fields and unknown fields before anything else', async () => {
    const response = await send(form({ username: 'a'.repeat(65), hacker: true }));
    expect(response.statusCode).toBe(400);
    const fields = response.json().value.fields.map((f: { field: string; key: string }) => `${f.field}:${f.key}`);
    expect(fields).toEqual(expect.arrayContaining(['body/username:validation.too_long', 'body/hacker:validation.unknown_field']));
  });

  it('puts the new member under the agent of a valid affiliate code, and stops on an invalid one', async () => {
    const agent = await newAgent(t.db.kysely);
    const check = await t.app.inject({ method: 'GET', url: `/wps/agent/affiliate?code=${agent.affiliateCode}&domain=localhost` });
    expect(check.json()).toMatchObject({ success: true, value: { code: agent.affiliateCode, valid: true } });
    const bad = await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=NOPE1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invitation_code_error', message: 'invitation_code_error' });
    expect((await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate' })).statusCode).toBe(400);

    const result = (await send(form({ affiliateCode: agent.affiliateCode }))).json().value;
    const row = await t.db.kysely
      .selectFrom('members')
      .select('parent_id')
      .where('id', '=', BigInt(result.id))
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(agent.id);
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: result.token } });
    expect(info.json().value.toUpline).toBe(true);

    const invalid = await send(form({ affiliateCode: 'NOPE1234' }));
    expect(invalid.json()).toMatchObject({ code: 'invitation_code_error' });
  });

  it('is unavailable when username registration is switched off', async () => {
    await t.settings.update(
      DEMO_MERCHANT,
      'whitelabel',
      (tree) => ({
        ...tree,
        childrenNodes: tree.childrenNodes.map((node) =>
          node.modId === 'REG3'
            ? {
                ...node,
                childrenNodes: node.childrenNodes.map((c) => (c.modId === 'USERNAMEREG3' ? { ...c, enabled: false } : c)),
              }
            : node,
        ),
      }),
      'test',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await send(form())).json()).toMatchObject({ code: 'function.not.available' });
  });
});
