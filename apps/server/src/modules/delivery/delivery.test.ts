import { login, resetPassword } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { captchaAnswerHash } from '../captcha/service.js';
import { enrolledStaff } from '../staff/test/kit.js';
import { clearTurns } from '../throttle/service.js';
import { DELIVERY_JOB, DELIVERY_MAX_ATTEMPTS, retryDelayMs } from './service.js';
import { startSmtpCatcher } from './test/smtp-catcher.js';
import { spawnTestSms } from './test/test-sms-process.js';

const SMS_TOKEN = 'a-gateway-token-of-some-length';

/**
 * Mail through a real SMTP server in this process and SMS through the TESTSMS gateway process: the first attempt,
 * the retries after failures, the dead letter and an operator's retry, over the real protocols.
 */
describe('mail and SMS deliveries', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let gateway: Awaited<ReturnType<typeof spawnTestSms>>;
  let staffToken: string;

  beforeAll(async () => {
    const gatewayStarted = spawnTestSms(SMS_TOKEN);
    smtp = await startSmtpCatcher();
    gateway = await gatewayStarted;
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Tessera <no-reply@example.com>',
        SMS_HTTP_URL: `${gateway.url}/send`,
        SMS_HTTP_TOKEN: SMS_TOKEN,
      },
    });
    // The test plays the job runner's clock: retries run when it says, not when a poll happens to come.
    await t.services.jobs.stop();
    staffToken = (await enrolledStaff(t.app, t.services, 'postmaster', 'owner')).token;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), gateway?.stop()]);
  });

  const backOffice = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, payload, headers: { authorization: staffToken } });
    return { status: response.statusCode, body: response.json() };
  };
  const deliveryTo = async (recipient: string) => {
    const list = await backOffice('GET', '/bo/api/deliveries?pageSize=100');
    return (
      list.body.value.items as { id: string; recipient: string; state: string; attempts: number; lastError: string }[]
    ).find((item) => item.recipient === recipient);
  };
  /** Makes every waiting attempt due and runs it, as the runner does when its time comes. */
  const runRetries = async () => {
    await t.db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('kind', '=', DELIVERY_JOB)
      .where('done_at', 'is', null)
      .execute();
    await t.services.jobs.runDue();
    await t.services.backgroundSends.idle();
  };

  it('delivers a password-reset mail to the SMTP server, whose link resets the password', async () => {
    const member = await newMember(t.db.kysely, { email: 'reset-me@example.com', emailVerified: true });
    const address = '10.9.0.1';
    await clearTurns(t.db.kysely, 'captcha', address);
    const captchaId = (await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: address })).json().value.captchaId;
    await t.db.kysely
      .updateTable('captchas')
      .set({ answer_hash: captchaAnswerHash(captchaId, '2468') })
      .where('id', '=', captchaId)
      .execute();
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: member.account,
        email: 'reset-me@example.com',
        captchaId,
        captcha: '2468',
      }).toString(),
    });
    expect(forgot.json().value).toEqual({ messageKey: 'in_been_out' });
    await t.services.backgroundSends.idle();

    const mail = smtp.mails.find((m) => m.to.includes('reset-me@example.com'));
    expect(mail?.raw).toContain('From: Tessera <no-reply@example.com>');
    const link = /https:\/\/localhost\/resetPassword\?token=([A-Za-z0-9_-]+)/.exec(mail?.raw ?? '');
    expect(link).not.toBeNull();
    const reset = await sealedInject(t.app, resetPassword, {
      token: link?.[1],
      newPassword: 'Arrived123',
      confirmNewPassword: 'Arrived123',
    });
    expect(reset.json().success).toBe(true);
    expect((await sealedInject(t.app, login, { username: member.account, password: 'Arrived123' })).statusCode).toBe(200);

    expect(await deliveryTo('reset-me@example.com')).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    // Once delivered, the link is no longer kept.
    const stored = await t.db.kysely
      .selectFrom('deliveries')
      .select('body')
      .where('recipient', '=', 'reset-me@example.com')
      .execute();
    expect(stored.map((row) => row.body)).toEqual(['']);
  });

  it('retries an SMS the gateway refuses, after a growing pause, until it goes through once', async () => {
    await gateway.fail(2);
    await t.services.deliveries.sms.send({ merchantCode: DEMO_MERCHANT, to: '8801811110001', text: 'Your code is 111222.' });
    expect(await deliveryTo('+8801811110001')).toMatchObject({ state: 'retrying', attempts: 1 });
    expect((await deliveryTo('+8801811110001'))?.lastError).toContain('503');
    const retry = await t.db.kysely
      .selectFrom('jobs')
      .select('run_at')
      .where('dedupe_key', 'like', 'delivery:%:2:retry')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(retry.run_at.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) / 2);

    await runRetries();
    expect(await deliveryTo('+8801811110001')).toMatchObject({ state: 'retrying', attempts: 2 });
    await runRetries();
    expect(await deliveryTo('+8801811110001')).toMatchObject({ state: 'sent', attempts: 3 });
    await runRetries();
    expect((await gateway.sent()).filter((sms) => sms.to === '+8801811110001')).toEqual([
      { id: expect.any(Number), to: '+8801811110001', text: 'Your code is 111222.', merchant: DEMO_MERCHANT },
    ]);
  });

  it('lists a mail that keeps failing as dead after its last attempt; a retry is audited and delivers it', async () => {
    smtp.refuse(1000);
    await t.services.deliveries.mailer.send({
      merchantCode: DEMO_MERCHANT,
      to: 'bounce@example.com',
      subject: 'Your code',
      text: 'Your code is 333444.',
    });
    for (let attempt = 2; attempt <= DELIVERY_MAX_ATTEMPTS; attempt++) await runRetries();
    const dead = await deliveryTo('bounce@example.com');
    expect(dead).toMatchObject({ state: 'dead', attempts: DELIVERY_MAX_ATTEMPTS });
    expect(dead?.lastError).toContain('mailbox busy');
    const deadLetters = await backOffice('GET', '/bo/api/deliveries?state=dead');
    expect(deadLetters.body.value.items.map((item: { id: string }) => item.id)).toContain(dead?.id);
    await runRetries();
    expect(await deliveryTo('bounce@example.com')).toMatchObject({ state: 'dead' });

    smtp.refuse(0);
    expect((await backOffice('POST', '/bo/api/deliveries/retry', { id: dead?.id })).status).toBe(200);
    await runRetries();
    expect(await deliveryTo('bounce@example.com')).toMatchObject({ state: 'sent', attempts: DELIVERY_MAX_ATTEMPTS + 1 });
    expect(smtp.mails.filter((mail) => mail.to.includes('bounce@example.com'))).toHaveLength(1);

    const again = await backOffice('POST', '/bo/api/deliveries/retry', { id: dead?.id });
    expect(again).toMatchObject({ status: 409, body: { code: 'delivery.not.dead' } });
    expect((await backOffice('POST', '/bo/api/deliveries/retry', { id: '999999999' })).body.code).toBe('delivery.not.found');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'target'])
      .where('action', '=', 'delivery.retry')
      .execute();
    expect(audit).toEqual([{ actor: 'postmaster', target: `delivery:${dead?.id}` }]);
  });
});
