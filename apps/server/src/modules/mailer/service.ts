import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertOutbox } from './outbox.js';

export interface Mail {
  merchantCode: string;
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes. A real provider (SMTP, an HTTP API) implements this; the default keeps it in the outbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Lets go of open connections when the server stops. */
  close?(): void;
}

/**
 * The default mailer: no outside service is reachable here, so a mail is written to the outbox table and the
 * server log, where a local operator reads it (`npm run admin -- outbox list --kind mail`).
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger | null,
  ) {}

  async send(mail: Mail): Promise<void> {
    await insertOutbox(this.db, {
      merchantCode: mail.merchantCode,
      kind: 'mail',
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
    });
    this.log?.info({ merchant: mail.merchantCode, to: mail.to, subject: mail.subject }, 'mail written to the outbox');
  }
}
