import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendContactCode, verifyContact } from '@tessera/contract/api/recovery-contacts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { startSession } from '../sessions/service.js';

const SMS_TOKEN = 'a-gateway-token-of-some-length';

/** A local SMTP server and SMS gateway stand in for the real ones: the codes travel over the real protocols. */
describe('recovery codes through SMTP and an HTTP SMS gateway', () => {
  const mails: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Quoted-printable soft line breaks joined, so the text reads as written.
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  const sms: { authorization: string | undefined; body: { to: string; text: string; merchant: string } }[] = [];
  let gatewayStatus = 200;
  const gateway = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    sms.push({ authorization: request.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    response.writeHead(gatewayStatus, { 'content-type': 'application/json' }).end('{}');
  });
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        MAIL_FROM: 'Tessera <no-reply@example.com>',
        SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
        SMS_HTTP_TOKEN: SMS_TOKEN,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => smtp.close(() => resolve(null)));
    gateway.close();
  });

  const player = async () => {
    const member = await newMember(t.db.kysely);
    const token = await startSession(t.db.kysely, { memberId: member.id, merchantCode: DEMO_MERCHANT, ip: '10.8.0.1' });
    return { authorization: token };
  };
  let address = 1;
  const send = (headers: Record<string, string>, payload: Record<string, string>) =>
    sealedInject(t.app, sendContactCode, payload, {
      headers: { ...headers, language: 'en' },
      remoteAddress: `10.8.1.${address++}`,
    });
  const verify = (headers: Record<string, string>, channel: string, code: string) =>
    t.app.inject({ method: 'POST', url: verifyContact.path, headers, payload: { channel, code } });

  it('mails the code through the SMTP server, and it binds the e-mail', async () => {
    const headers = await player();
    expect((await send(headers, { channel: 'email', email: 'smtp-player@example.com' })).statusCode).toBe(200);
    const mail = mails.find((m) => m.to.includes('smtp-player@example.com'));
    expect(mail?.raw).toContain('From: Tessera <no-reply@example.com>');
    const code = / is (\d{6})\./.exec(mail?.raw ?? '')?.[1] as string;
    expect((await verify(headers, 'email', code)).json().success).toBe(true);
  });

  it('sends the SMS through the gateway with its token, and keeps a refused one for its retries', async () => {
    const headers = await player();
    const sent = await send(headers, { channel: 'mobile', mobileNum: '01811112222', countryDialingCode: '880' });
    expect(sent.json()).toMatchObject({ success: true });
    // E.164: the trunk 0 typed before the number is not part of it.
    const message = sms.find((m) => m.body.to === '+8801811112222');
    expect(message).toMatchObject({ authorization: `Bearer ${SMS_TOKEN}`, body: { merchant: DEMO_MERCHANT } });
    const code = / is (\d{6})\./.exec(message?.body.text ?? '')?.[1] as string;
    expect((await verify(headers, 'mobile', code)).json().success).toBe(true);

    // The player's countdown has begun: a refusal is retried by the delivery jobs instead of failing the request.
    gatewayStatus = 503;
    try {
      const refused = await send(await player(), { channel: 'mobile', mobileNum: '01811113333', countryDialingCode: '880' });
      expect(refused.json()).toMatchObject({ success: true });
      await expect
        .poll(async () => {
          const row = await t.db.kysely
            .selectFrom('deliveries')
            .select(['state', 'last_error'])
            .where('recipient', '=', '+8801811113333')
            .executeTakeFirst();
          return row?.state;
        })
        .toBe('retrying');
    } finally {
      gatewayStatus = 200;
    }
  });
});
