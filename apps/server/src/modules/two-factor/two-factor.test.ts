import { randomUUID } from 'node:crypto';
import { login } from '@tessera/contract/api/accounts';
import * as players from '@tessera/contract/api/back-office-players';
import { completeLoginVerification } from '@tessera/contract/api/login-verification';
import { bindPayoutAccount, getSecurityOverview } from '@tessera/contract/api/security-centre';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  getTwoFactor,
  startTwoFactorEnrolment,
} from '@tessera/contract/api/two-factor';
import { createWithdrawal, getWithdrawalInfo } from '@tessera/contract/api/withdrawals';
import { FEATURES, setFeature } from '@tessera/contract/features';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import { PAYMENT_PASSWORD, type Player, playerWithBalance } from '../withdrawals/test/kit.js';
import { MAX_FAILURES } from './service.js';

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe('players two-factor (Google code)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let support: string;
  beforeAll(async () => {
    t = await createTestApp({ accountChecks: true });
    await t.settings.update(DEMO_MERCHANT, 'whitelabel', (tree) => setFeature(tree, FEATURES.botCheck, false) ?? tree, 'test');
    support = (await enrolledStaff(t.app, t.services, 'support-2fa', 'support')).token;
  });
  afterAll(() => t.close());

  const call = (player: Player, def: { method: string; path: string }, payload?: unknown) =>
    t.app.inject({ method: def.method as 'POST', url: def.path, payload: payload as object, headers: player.headers });
  /** A funded player with a payment password and a bank account, enrolled: the secret and the recovery codes. */
  const enrolled = async () => {
    const player = await playerWithBalance(t.db.kysely, 100_000n);
    const started = (await call(player, startTwoFactorEnrolment)).json().value;
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    const confirmed = (await call(player, confirmTwoFactorEnrolment, { code: codeOf(started.secret) })).json();
    expect(confirmed.value.recoveryCodes).toHaveLength(10);
    return { player, secret: started.secret as string, recoveryCodes: confirmed.value.recoveryCodes as string[] };
  };
  const logIn = (player: Player, remoteAddress = '10.7.0.1') =>
    sealedInject(
      t.app,
      login,
      { type: 'username', username: player.member.account, password: player.member.password },
      { remoteAddress },
    );
  const complete = (ticket: string, code: string, method: string, remoteAddress = '10.7.0.1') =>
    t.app.inject({ method: 'POST', url: completeLoginVerification.path, payload: { ticket, code, method }, remoteAddress });
  const withdraw = (player: Player, googleCode?: string) =>
    sealedInject(
      t.app,
      createWithdrawal,
      {
        requestId: randomUUID(),
        amount: '10000',
        payoutAccountId: player.accountId,
        paymentPassword: PAYMENT_PASSWORD,
        ...(googleCode === undefined ? {} : { googleCode }),
      },
      { headers: player.headers },
    );

  it('enrols with a code from the new secret, and the status says so', async () => {
    const player = await playerWithBalance(t.db.kysely, 0n);
    expect((await call(player, getTwoFactor)).json().value).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { secret } = (await call(player, startTwoFactorEnrolment)).json().value;
    expect((await call(player, confirmTwoFactorEnrolment, { code: '000000' })).json().code).toBe('twofactor.invalid');
    expect((await call(player, confirmTwoFactorEnrolment, { code: codeOf(secret) })).json().success).toBe(true);
    expect((await call(player, getTwoFactor)).json().value).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await call(player, startTwoFactorEnrolment)).json().code).toBe('twofactor.already.enabled');
    expect((await call(player, getSecurityOverview)).json().value.twoFactorEnabled).toBe(true);
  });

  it('keeps the secret sealed at rest', async () => {
    const { player, secret } = await enrolled();
    const row = await t.db.kysely
      .selectFrom('member_two_factor')
      .select('secret_sealed')
      .where('member_id', '=', player.member.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.secret_sealed).toString('latin1')).not.toContain(secret);
  });

  it('asks for the code at every login, from a known address too, and opens the session only with it', async () => {
    const { player, secret } = await enrolled();
    const held = (await logIn(player)).json().value;
    expect(held).toMatchObject({ verificationRequired: true, methods: [{ method: 'googleCode', target: '' }] });
    expect(held).not.toHaveProperty('token');
    // the ticket of a second factor takes neither an SMS nor an e-mail code
    expect((await complete(held.ticket, codeOf(secret), 'mobile')).json().code).toBe('login.verification.method.unavailable');
    expect((await complete(held.ticket, '123456', 'googleCode')).json().code).toBe('twofactor.invalid');
    const done = (await complete(held.ticket, codeOf(secret, 1), 'googleCode')).json();
    expect(done.value.token).toEqual(expect.any(String));
  });

  it('refuses a replayed code and one outside a step either side of now, and accepts the next step', async () => {
    const { player, secret } = await enrolled();
    // the enrolment used the current step: the same code is refused once more
    const first = (await logIn(player)).json().value;
    expect((await complete(first.ticket, codeOf(secret), 'googleCode')).json().code).toBe('twofactor.invalid');
    expect((await complete(first.ticket, codeOf(secret, -3), 'googleCode')).json().code).toBe('twofactor.invalid');
    expect((await complete(first.ticket, codeOf(secret, 3), 'googleCode')).json().code).toBe('twofactor.invalid');
    expect((await complete(first.ticket, codeOf(secret, 1), 'googleCode')).json().value.token).toEqual(expect.any(String));
  });

  it('takes a recovery code once', async () => {
    const { player, recoveryCodes } = await enrolled();
    const [code] = recoveryCodes as [string];
    const first = (await logIn(player)).json().value;
    expect((await complete(first.ticket, code.toUpperCase(), 'googleCode')).json().value.token).toEqual(expect.any(String));
    const again = (await logIn(player)).json().value;
    expect((await complete(again.ticket, code, 'googleCode')).json().code).toBe('twofactor.invalid');
    const unused = await t.db.kysely
      .selectFrom('member_two_factor_recovery_codes')
      .select('code_hash')
      .where('member_id', '=', player.member.id)
      .where('used_at', 'is', null)
      .execute();
    expect(unused).toHaveLength(9);
  });

  it('locks the factor after five wrong codes in a row, even with the right one after', async () => {
    const { player, secret } = await enrolled();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await withdraw(player, '000000')).json().code).toBe('twofactor.invalid');
    expect((await withdraw(player, codeOf(secret, 1))).json().code).toBe('twofactor.locked');
  });

  it('asks for the code before a withdrawal and a new payout account', async () => {
    const { player, secret, recoveryCodes } = await enrolled();
    expect((await call(player, getWithdrawalInfo)).json().value.twoFactorEnabled).toBe(true);
    expect((await withdraw(player)).json().code).toBe('twofactor.required');
    expect((await withdraw(player, '111111')).json().code).toBe('twofactor.invalid');
    expect((await withdraw(player, codeOf(secret, 1))).json()).toMatchObject({ success: true, value: { status: 'pending' } });
    const account = { type: 'ewallet', provider: 'bKash', holderName: 'Karim Ahmed', accountNumber: '01712345678' };
    expect((await call(player, bindPayoutAccount, account)).json().code).toBe('twofactor.required');
    expect((await call(player, bindPayoutAccount, { ...account, googleCode: recoveryCodes[0] })).json().success).toBe(true);
  });

  it('withdraws without a code for a player who never enrolled', async () => {
    const player = await playerWithBalance(t.db.kysely, 50_000n);
    expect((await withdraw(player)).json().success).toBe(true);
    expect((await logIn(player, '10.7.0.9')).json().value.token).toEqual(expect.any(String));
  });

  it('turns off with a code; the next login needs only the password', async () => {
    const { player, secret } = await enrolled();
    expect((await call(player, disableTwoFactor, { googleCode: '999999' })).json().code).toBe('twofactor.invalid');
    expect((await call(player, disableTwoFactor, { googleCode: codeOf(secret, 1) })).json().success).toBe(true);
    expect((await call(player, getTwoFactor)).json().value.enabled).toBe(false);
    expect((await logIn(player)).json().value.token).toEqual(expect.any(String));
  });

  it('is reset by an operator, audited', async () => {
    const { player } = await enrolled();
    const id = player.member.id.toString();
    const profile = await t.app.inject({
      method: 'GET',
      url: players.player.path,
      query: { id },
      headers: { authorization: support },
    });
    expect(profile.json().value.twoFactorEnabled).toBe(true);
    expect((await post(t.app, players.playerResetTwoFactor.path, { id }, support)).status).toBe(200);
    expect((await call(player, getTwoFactor)).json().value.enabled).toBe(false);
    expect((await logIn(player)).json().value.token).toEqual(expect.any(String));
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'player.two-factor.reset')
      .where('target', '=', player.member.account)
      .execute();
    expect(audit).toHaveLength(1);
  });
});
