import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** The message as sent, its text decoded (base64 or quoted-printable) so it reads as written. */
  raw: string;
}

/** A single-part message with its body decoded from its transfer encoding. */
function decoded(message: string): string {
  const split = message.search(/\r?\n\r?\n/);
  const [head, body] = split === -1 ? [message, ''] : [message.slice(0, split), message.slice(split)];
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return `${head}\n\n${Buffer.from(body, 'base64').toString('utf8')}`;
  return `${head}${body
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (encoded) => Buffer.from(encoded.replaceAll('=', ''), 'hex').toString('utf8'))}`;
}

/** A real SMTP server in this process: mail reaches it over the protocol, and a test reads what arrived. */
export async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext -= 1;
        const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: 450 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: decoded(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    /** The next `count` recipients are refused with a temporary failure. */
    refuse: (count: number) => {
      refuseNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
