import { bindPayoutAccount, setPaymentPassword } from '@tessera/contract/api/security-centre';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';
import { verifyPaymentPassword } from './payment-password.js';

describe('security centre', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let mobiles = 0;
  const player = async () => {
    mobiles += 1;
    const member = await newMember(t.db.kysely, { mobile: `017123${String(mobiles).padStart(5, '0')}`, dialCode: '880' });
    const token = await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.2.0.1' });
    return { member, headers: { authorization: token } };
  };
  const overview = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/wps/member/security', headers })).json();
  const setPassword = (headers: Record<string, string>, body: Record<string, string>) =>
    sealedInject(t.app, setPaymentPassword, body, { headers });
  const bind = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({ method: bindPayoutAccount.method, url: bindPayoutAccount.path, headers, payload: body });
  const fieldsOf = (response: { json(): { value: { fields: { field: string; key: string }[] } | null } }) =>
    response.json().value?.fields.map((f) => `${f.field}:${f.key}`);

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/member/security' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('login.not.session');
  });

  it('shows the account summary with the mobile masked and no payment password yet', async () => {
    const { member, headers } = await player();
    const value = (await overview(headers)).value;
    expect(value).toMatchObject({
      account: member.account,
      paymentPasswordSet: false,
      payoutAccounts: [],
      limits: { bank: 3, ewallet: 3 },
    });
    expect(value.mobileMasked).toMatch(/\*\*\*\*$/);
    expect(JSON.stringify(value)).not.toContain(`017123${String(mobiles).padStart(5, '0')}`);
  });

  describe('payment password', () => {
    it('refuses a plaintext body (encrypted entry)', async () => {
      const { headers } = await player();
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/member/payment-password',
        headers,
        payload: { newPassword: '246810', confirmPassword: '246810', loginPassword: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('request.encryption.required');
    });

    it('sets the first one only with the login password, by the merchant rule, confirmed', async () => {
      const { member, headers } = await player();
      const cases: [Record<string, string>, string[]][] = [
        [{ newPassword: '246810', confirmPassword: '246810' }, ['body/loginPassword:validation.required']],
        [
          { newPassword: '12ab56', confirmPassword: '12ab56', loginPassword: member.password },
          ['body/newPassword:reg_pattern_6_exact'],
        ],
        [
          { newPassword: '2468', confirmPassword: '2468', loginPassword: member.password },
          ['body/newPassword:reg_pattern_6_exact'],
        ],
        [
          { newPassword: '246810', confirmPassword: '246811', loginPassword: member.password },
          ['body/confirmPassword:validation.confirmation_mismatch'],
        ],
      ];
      for (const [body, fields] of cases) {
        const response = await setPassword(headers, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(fieldsOf(response)).toEqual(fields);
      }
      const wrongLogin = await setPassword(headers, {
        newPassword: '246810',
        confirmPassword: '246810',
        loginPassword: 'Wrong999',
      });
      expect(fieldsOf(wrongLogin)).toEqual(['body/loginPassword:security.errors.login_password_wrong']);
      await new Promise((resolve) => setTimeout(resolve, 2100)); // one login-password guess per 2 s
      const ok = await setPassword(headers, { newPassword: '246810', confirmPassword: '246810', loginPassword: member.password });
      expect(ok.statusCode).toBe(200);
      expect((await overview(headers)).value.paymentPasswordSet).toBe(true);
      await expect(verifyPaymentPassword(t.db.kysely, DEMO_MERCHANT, member.id, '246810')).resolves.toBeUndefined();
    });

    it('changes it only with the current one', async () => {
      const { member, headers } = await player();
      await setPassword(headers, { newPassword: '135790', confirmPassword: '135790', loginPassword: member.password });
      const missing = await setPassword(headers, { newPassword: '975310', confirmPassword: '975310' });
      expect(fieldsOf(missing)).toEqual(['body/oldPassword:validation.required']);
      const wrong = await setPassword(headers, { oldPassword: '000000', newPassword: '975310', confirmPassword: '975310' });
      expect(wrong.json().code).toBe('invalid.payment.pw');
      const ok = await setPassword(headers, { oldPassword: '135790', newPassword: '975310', confirmPassword: '975310' });
      expect(ok.statusCode).toBe(200);
      await expect(verifyPaymentPassword(t.db.kysely, DEMO_MERCHANT, member.id, '975310')).resolves.toBeUndefined();
      await expect(verifyPaymentPassword(t.db.kysely, DEMO_MERCHANT, member.id, '135790')).rejects.toMatchObject({
        code: 'invalid.payment.pw',
      });
    });

    it('answers not set, wrong, and locks after five wrong in a row (even for the right one)', async () => {
      const { member, headers } = await player();
      await expect(verifyPaymentPassword(t.db.kysely, DEMO_MERCHANT, member.id, '111111')).rejects.toMatchObject({
        code: 'not.exists.payment.password',
      });
      await setPassword(headers, { newPassword: '864200', confirmPassword: '864200', loginPassword: member.password });
      for (let i = 0; i < 4; i += 1) {
        await expect(verifyPaymentPassword(t.db.kysely, DEMO_MERCHANT, member.id, '111111')).rejects.toMatchObject({
          code: 'invalid.payment.pw',
        });
      }
      await expect(verifyPaymentPassword(t.db.kysely, DEMO_MERCHANT, member.id, '111111')).rejects.toMatchObject({
        code: 'payment.pw.locked',
      });
      await expect(verifyPaymentPassword(t.db.kysely, DEMO_MERCHANT, member.id, '864200')).rejects.toMatchObject({
        code: 'payment.pw.locked',
      });
    });

    it('is checked for the merchant the member belongs to only', async () => {
      const { member, headers } = await player();
      await setPassword(headers, { newPassword: '864200', confirmPassword: '864200', loginPassword: member.password });
      await expect(verifyPaymentPassword(t.db.kysely, 'other_merchant', member.id, '864200')).rejects.toMatchObject({
        code: 'not.exists.payment.password',
      });
    });
  });

  describe('payout accounts', () => {
    const bank = { type: 'bank', provider: 'Dutch-Bangla Bank', holderName: 'Rahim Uddin', accountNumber: '1234567890123' };

    it('binds a bank account and shows only its last four digits', async () => {
      const { headers } = await player();
      const response = await bind(headers, bank);
      expect(response.statusCode).toBe(200);
      expect(response.json().value).toMatchObject({
        type: 'bank',
        provider: 'Dutch-Bangla Bank',
        holderName: 'Rahim Uddin',
        accountNumberMasked: '•••• 0123',
      });
      const listed = (await overview(headers)).value.payoutAccounts;
      expect(listed).toHaveLength(1);
      expect(JSON.stringify(listed)).not.toContain('1234567890123');
    });

    it('refuses bad input with field messages', async () => {
      const { headers } = await player();
      const bad: Record<string, unknown>[] = [
        { ...bank, type: 'crypto' },
        { ...bank, holderName: '1' },
        { ...bank, holderName: 'Rahim<script>' },
        { ...bank, accountNumber: '12ab5678' },
        { ...bank, accountNumber: '12345' },
        { ...bank, provider: '' },
        { ...bank, provider: '🏦' },
        { ...bank, holderName: '膗 ' },
        { ...bank, extra: 1 },
        { type: 'ewallet', provider: 'bKash', holderName: 'Rahim', accountNumber: '0171234567890123456789' },
      ];
      for (const body of bad) {
        const response = await bind(headers, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().success).toBe(false);
        expect(response.json().message).toMatch(/^(errors|validation)\./);
      }
    });

    it('accepts names in Bengali', async () => {
      const { headers } = await player();
      const response = await bind(headers, {
        type: 'ewallet',
        provider: 'বিকাশ',
        holderName: 'রহিম উদ্দিন',
        accountNumber: '01712345678',
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a duplicate and a fourth account of a type', async () => {
      const { headers } = await player();
      expect((await bind(headers, bank)).statusCode).toBe(200);
      const duplicate = await bind(headers, { ...bank, provider: 'dutch-bangla bank' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().code).toBe('payout.account.duplicate');
      expect((await bind(headers, { ...bank, accountNumber: '2222222222' })).statusCode).toBe(200);
      expect((await bind(headers, { ...bank, accountNumber: '3333333333' })).statusCode).toBe(200);
      const fourth = await bind(headers, { ...bank, accountNumber: '4444444444' });
      expect(fourth.json().code).toBe('payout.account.limit');
      expect(
        (await bind(headers, { type: 'ewallet', provider: 'Nagad', holderName: 'Rahim', accountNumber: '01712345678' }))
          .statusCode,
      ).toBe(200);
    });

    it('lets a member unbind their own account, and nobody else', async () => {
      const owner = await player();
      const stranger = await player();
      const id = (await bind(owner.headers, bank)).json().value.id;
      const theirs = await t.app.inject({
        method: 'DELETE',
        url: `/wps/member/payout-accounts?id=${id}`,
        headers: stranger.headers,
      });
      expect(theirs.statusCode).toBe(404);
      expect((await overview(stranger.headers)).value.payoutAccounts).toEqual([]);
      const mine = await t.app.inject({ method: 'DELETE', url: `/wps/member/payout-accounts?id=${id}`, headers: owner.headers });
      expect(mine.statusCode).toBe(200);
      expect((await overview(owner.headers)).value.payoutAccounts).toEqual([]);
      const again = await t.app.inject({ method: 'DELETE', url: `/wps/member/payout-accounts?id=${id}`, headers: owner.headers });
      expect(again.statusCode).toBe(404);
      const malformed = await t.app.inject({
        method: 'DELETE',
        url: '/wps/member/payout-accounts?id=abc',
        headers: owner.headers,
      });
      expect(malformed.statusCode).toBe(400);
    });
  });
});
