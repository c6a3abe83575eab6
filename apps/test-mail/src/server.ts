import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createStandInServer, parseJson, send } from '@tessera/stand-in/http-server';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  id: number;
  /** The envelope's recipients, as the SMTP client named them. */
  to: string[];
  from: string;
  subject: string;
  /** The plain-text body, decoded from its transfer encoding. */
  text: string;
  /** The sending merchant (the `X-Tessera-Merchant` header), '' when absent. */
  merchant: string;
}

export interface TestMailOptions {
  host?: string;
  /** SMTP and HTTP control ports (0: any free port). */
  smtpPort?: number;
  httpPort?: number;
}

/** Mail kept for reading: the oldest go first past this many, so a long test run stays small. */
const KEEP_AT_MOST = 2000;
const MESSAGE_MAX_BYTES = 1024 * 1024;

/**
 * TESTMAIL: an SMTP server (no TLS, any or no login) that keeps what it receives and shows it over HTTP, and
 * turns recipients away with a temporary failure on demand.
 */
export function createTestMail(options: TestMailOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  const received: ReceivedMail[] = [];
  let nextId = 1;
  let refuseNext = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: MESSAGE_MAX_BYTES,
    // A client's pooled connection may stay open: a stop does not wait the default 30 s for it.
    closeTimeout: 1000,
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext -= 1;
        return callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 450 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const merchant = parsed.headers.get('x-tessera-merchant');
          received.push({
            id: nextId++,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            merchant: typeof merchant === 'string' ? merchant : '',
          });
          if (received.length > KEEP_AT_MOST) received.splice(0, received.length - KEEP_AT_MOST);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  const control = createStandInServer({ host, port: options.httpPort ?? 0 }, async (request, response, raw) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/control/received') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return send(response, 200, {
        received: to ? received.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : received,
      });
    }
    if (request.method === 'POST' && url.pathname === '/control/behaviour') {
      const refuse = parseJson(raw)?.refuse;
      refuseNext = Number.isInteger(refuse) && (refuse as number) > 0 ? (refuse as number) : 0;
      return send(response, 200, { status: 'OK' });
    }
    send(response, 404, { status: 'NOT_FOUND' });
  });

  return {
    /** Listens on both ports; the SMTP URL for the operator's SMTP_URL and the HTTP URL of the control calls. */
    async listen(): Promise<{ smtpUrl: string; controlUrl: string }> {
      smtp.listen(options.smtpPort ?? 0, host);
      await once(smtp.server, 'listening');
      const controlUrl = await control.listen();
      return { smtpUrl: `smtp://${host}:${(smtp.server.address() as AddressInfo).port}`, controlUrl };
    },
    async close(): Promise<void> {
      await Promise.all([control.close(), new Promise<void>((resolve) => smtp.close(() => resolve()))]);
    },
  };
}
