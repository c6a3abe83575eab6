import { login, register } from '@tessera/contract/api/accounts';
import { getBotCheckChallenge } from '@tessera/contract/api/bot-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { solveBotCheck } from './solve.js';
import { switchAccountChecks } from './switch.js';

describe('bot check on login and registration (BOTCHECK3)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ accountChecks: true });
  });
  afterAll(() => t.close());

  const challenge = async () => {
    const response = await t.app.inject({ method: 'GET', url: getBotCheckChallenge.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().value;
  };
  const solved = async () => solveBotCheck(await challenge());
  const logIn = (payload: Record<string, unknown>) => sealedInject(t.app, login, { type: 'username', ...payload });
  const errorOf = (response: { statusCode: number; json(): { code: string; message: string } }) => ({
    status: response.statusCode,
    code: response.json().code,
    message: response.json().message,
  });

  it('hands out a signed PBKDF2 challenge bound to the merchant, without a token', async () => {
    const value = await challenge();
    expect(value.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', data: { merchant: DEMO_MERCHANT } });
    expect(value.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
    expect(value.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logs in with a solved challenge', async () => {
    const member = await newMember(t.db.kysely);
    const response = await logIn({ username: member.account, password: member.password, botCheck: await solved() });
    expect(response.statusCode).toBe(200);
    expect(response.json().value.token).toEqual(expect.any(String));
  });

  it('refuses a login without the check, before looking at the password', async () => {
    const member = await newMember(t.db.kysely);
    const response = await logIn({ username: member.account, password: member.password });
    expect(errorOf(response)).toEqual({ status: 400, code: 'bot.check.required', message: 'errors.bot_check_required' });
  });

  it('refuses a solved challenge the second time, even after a failed login', async () => {
    const member = await newMember(t.db.kysely);
    const botCheck = await solved();
    const wrong = await logIn({ username: member.account, password: 'not-the-password', botCheck });
    expect(errorOf(wrong).code).toBe('login.invalid');
    const replay = await logIn({ username: member.account, password: member.password, botCheck });
    expect(errorOf(replay)).toEqual({ status: 400, code: 'bot.check.failed', message: 'errors.bot_check_failed' });
  });

  it('refuses an expired challenge with its own message', async () => {
    const member = await newMember(t.db.kysely);
    // A challenge handed out 11 minutes ago: its signed expiry (10 minutes) has passed.
    vi.useFakeTimers({ now: Date.now() - 11 * 60_000, toFake: ['Date'] });
    const old = await challenge().finally(() => vi.useRealTimers());
    const response = await logIn({ username: member.account, password: member.password, botCheck: await solveBotCheck(old) });
    expect(errorOf(response)).toEqual({ status: 400, code: 'bot.check.expired', message: 'errors.bot_check_expired' });
  });

  it('refuses forged signatures, altered parameters, wrong answers and garbage', async () => {
    const member = await newMember(t.db.kysely);
    const payload = JSON.parse(Buffer.from(await solved(), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forged = { ...payload, challenge: { ...payload.challenge, signature: 'f'.repeat(64) } };
    const easier = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } } };
    const wrongAnswer = { ...payload, solution: { ...payload.solution, derivedKey: '0'.repeat(64) } };
    for (const botCheck of [encode(forged), encode(easier), encode(wrongAnswer), 'bm90IGpzb24=', '%%%']) {
      const response = await logIn({ username: member.account, password: member.password, botCheck });
      expect(errorOf(response).code).toBe('bot.check.failed');
    }
  });

  it("refuses a challenge signed for another merchant's site", async () => {
    const member = await newMember(t.db.kysely);
    const other = await challenge();
    other.parameters.data = { merchant: 'other' };
    const response = await logIn({ username: member.account, password: member.password, botCheck: await solveBotCheck(other) });
    expect(errorOf(response).code).toBe('bot.check.failed');
  });

  it('guards registration the same way', async () => {
    const body = {
      username: `bc${Date.now().toString(36)}`,
      password: 'Secret2024',
      confirmPassword: 'Secret2024',
      termsAccepted: true,
      ageConsent: true,
    };
    const missing = await sealedInject(t.app, register, body);
    expect(errorOf(missing).code).toBe('bot.check.required');
    const ok = await sealedInject(t.app, register, { ...body, botCheck: await solved() });
    expect(ok.statusCode).toBe(200);
  });

  it('asks nothing when the merchant switches it off', async () => {
    await switchAccountChecks(t.settings, DEMO_MERCHANT, false, 'test');
    try {
      const member = await newMember(t.db.kysely);
      const response = await logIn({ username: member.account, password: member.password });
      expect(response.statusCode).toBe(200);
    } finally {
      await switchAccountChecks(t.settings, DEMO_MERCHANT, true, 'test');
    }
  });
});
