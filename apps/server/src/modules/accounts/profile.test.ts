import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';

describe('nickname and language of the logged-in member', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const loggedIn = async (overrides: { agentType?: number } = {}) => {
    const member = await newMember(t.db.kysely, overrides);
    const token = await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.3.0.1' });
    return { member, token };
  };
  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: token } : {} });
  const stored = async (id: bigint) =>
    t.db.kysely.selectFrom('members').select(['nickname', 'language']).where('id', '=', id).executeTakeFirstOrThrow();

  it('sets a trimmed nickname in any script, shown by member info', async () => {
    const { member, token } = await loggedIn();
    const response = await post('/wps/member/nickname', { nickname: '  রাজা_77 ' }, token);
    expect(response.json()).toMatchObject({ success: true, value: { nickname: 'রাজা_77' } });
    expect((await stored(member.id)).nickname).toBe('রাজা_77');
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
    expect(info.json().value.nickname).toBe('রাজা_77');
  });

  it('refuses a nickname another member of the merchant holds, whatever its case', async () => {
    const first = await loggedIn();
    const second = await loggedIn();
    expect((await post('/wps/member/nickname', { nickname: 'Lucky Star' }, first.token)).statusCode).toBe(200);
    const taken = await post('/wps/member/nickname', { nickname: 'lucky star' }, second.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, code: 'member.nickname.taken', message: 'errors.nickname_taken' });
    expect((await stored(second.member.id)).nickname).toBeNull();
    // Setting one's own nickname again (another case) is fine.
    expect((await post('/wps/member/nickname', { nickname: 'LUCKY STAR' }, first.token)).statusCode).toBe(200);
  });

  it.each([
    [{ nickname: '' }, 'validation.required'],
    [{ nickname: '   ' }, 'validation.required'],
    [{ nickname: 'x' }, 'accounts.nickname.invalid'],
    [{ nickname: 'x'.repeat(17) }, 'accounts.nickname.invalid'],
    [{ nickname: 'two  spaces' }, 'accounts.nickname.invalid'],
    [{ nickname: '<b>bold</b>' }, 'accounts.nickname.invalid'],
  ])('refuses %j with a 400 field error', async (payload, key) => {
    const { token } = await loggedIn();
    const response = await post('/wps/member/nickname', payload, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'request.invalid',
      value: { fields: [{ field: 'body/nickname', key }] },
    });
  });

  it('refuses missing, over-long and extra fields, a trial account, and no or a forged token', async () => {
    const { token } = await loggedIn();
    for (const payload of [{}, { nickname: 'x'.repeat(65) }, { nickname: 'Fine1', extra: 1 }, { nickname: 7 }]) {
      const response = await post('/wps/member/nickname', payload, token);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('request.invalid');
    }
    const trial = await loggedIn({ agentType: 4 });
    const refused = await post('/wps/member/nickname', { nickname: 'Guesty' }, trial.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('in_need_true_account');
    expect((await post('/wps/member/nickname', { nickname: 'Nobody1' })).statusCode).toBe(401);
    expect((await post('/wps/member/nickname', { nickname: 'Nobody1' }, 'forged-token')).json().code).toBe('login.not.session');
  });

  it('stores a supported language on the caller only, and refuses others', async () => {
    const { member, token } = await loggedIn();
    const other = await loggedIn();
    const response = await post('/wps/member/language', { language: 'en' }, token);
    expect(response.json()).toEqual({ success: true, code: 'ok', message: expect.any(String), value: null });
    expect((await stored(member.id)).language).toBe('en');
    expect((await stored(other.member.id)).language).toBeNull();

    const unsupported = await post('/wps/member/language', { language: 'fr' }, token);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().value.fields).toEqual([
      { field: 'body/language', key: 'validation.one_of', params: { allowed: expect.stringContaining('bn') } },
    ]);
    for (const payload of [{}, { language: 'english' }, { language: 'EN' }, { language: 'en', memberId: 1 }]) {
      expect((await post('/wps/member/language', payload, token)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post('/wps/member/language', { language: 'en' })).statusCode).toBe(401);
    expect((await stored(member.id)).language).toBe('en');
  });
});
