import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './service.js';

/** How long a send may wait on the mail server before it counts as failed (connect, greeting, each reply). */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

/**
 * Mail through an SMTP server (`SMTP_URL`, e.g. smtps://user:password@mail.example.com:465), from `MAIL_FROM`.
 * Connections are pooled; a refused or timed-out send throws, and the caller decides what the player hears.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: { 'X-Tessera-Merchant': mail.merchantCode },
    });
  }

  close(): void {
    this.transport.close();
  }
}
