import type { Delivery } from '@tessera/contract/api/back-office-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { BackgroundSends } from '../../platform/background-sends.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import { type JobContext, type JobRunner, schedule } from '../jobs/service.js';
import type { Mail, Mailer } from '../mailer/service.js';
import type { SmsMessage, SmsProvider } from '../sms/service.js';
import * as repo from './repo.js';
import type { DeliveryChannel, DeliveryState } from './tables.js';

export const DELIVERY_JOB = 'delivery.attempt';
/** Attempts before a delivery is dead: the first, then retries 5 s, 10 s, … 320 s after each failure (~10 min in all). */
export const DELIVERY_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 5000;
/**
 * When an attempt has had no outcome this long (its process died, or the provider never answered), the next one
 * takes over. Longer than any provider's own time-outs (SMTP: 10 s to connect, 20 s per reply; HTTP: 10 s).
 */
const TAKEOVER_MS = 90_000;

interface Outgoing {
  id: bigint;
  merchantCode: string;
  channel: DeliveryChannel;
  recipient: string;
  subject: string;
  body: string;
}

const errorText = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);

export const retryDelayMs = (failedAttempt: number) => FIRST_RETRY_MS * 2 ** (failedAttempt - 1);

/**
 * Every mail and SMS as a durable delivery: recorded first, tried at once, retried by a durable job after a
 * failure (with a back-off) and after silence (a crashed process), dead after DELIVERY_MAX_ATTEMPTS, when an
 * operator may retry it from the back office. Each attempt is numbered and recorded by a guarded update, so an
 * attempt is recorded once even when a slow one and its takeover overlap; no transaction is held open while a
 * provider is on the line. Delivered bodies (codes, links) are emptied.
 *
 * `mailer` and `sms` are what the rest of the server sends through: their `send` resolves once the delivery is
 * recorded and its first attempt has an outcome, and never throws for a provider's failure (the retries own it).
 */
export class Deliveries {
  readonly mailer: Mailer;
  readonly sms: SmsProvider;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly providers: { mail: Mailer; sms: SmsProvider },
    private readonly background: BackgroundSends,
    private readonly log: FastifyBaseLogger | null,
  ) {
    this.mailer = {
      send: (mail: Mail) =>
        this.dispatch({
          merchantCode: mail.merchantCode,
          channel: 'mail',
          recipient: mail.to,
          subject: mail.subject,
          body: mail.text,
        }),
    };
    this.sms = {
      send: (message: SmsMessage) =>
        this.dispatch({
          merchantCode: message.merchantCode,
          channel: 'sms',
          recipient: `+${message.to}`,
          subject: 'verification code',
          body: message.text,
        }),
    };
  }

  registerJob(jobs: JobRunner): void {
    jobs.register(DELIVERY_JOB, (context) => this.attemptJob(context));
  }

  /** Lets go of the providers' open connections when the server stops. */
  close(): void {
    this.providers.mail.close?.();
  }

  /**
   * Puts a dead delivery back in line for one more attempt, now, and audits who did; delivery.not.dead for one
   * that is on its way or delivered, delivery.not.found for another merchant's or none.
   */
  async retry(merchantCode: string, id: bigint, who: AuditActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const attempt = await repo.revive(trx, merchantCode, id);
      if (attempt === null) {
        const row = await repo.selectDelivery(trx, merchantCode, id);
        throw new AppError(row ? 'delivery.not.dead' : 'delivery.not.found');
      }
      await this.scheduleAttempt(trx, id, attempt, new Date(), `operator:${Date.now()}`);
      await appendAudit(trx, who, { action: 'delivery.retry', target: `delivery:${id}`, merchantCode, after: { attempt } });
    });
  }

  async page(
    merchantCode: string,
    filter: { state?: DeliveryState; channel?: DeliveryChannel },
    page: { offset: number; limit: number },
  ): Promise<{ items: Delivery[]; total: number }> {
    const [rows, count] = await repo.selectPage(this.db, merchantCode, filter, page);
    return {
      total: Number(count.n),
      items: rows.map((row) => ({
        id: row.id.toString(),
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        state: row.state,
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: row.created_at.getTime(),
        updatedAt: row.updated_at.getTime(),
        sentAt: row.sent_at?.getTime() ?? null,
      })),
    };
  }

  /** Records the delivery with its first attempt begun, then makes that attempt. */
  private async dispatch(message: Omit<Outgoing, 'id'>): Promise<void> {
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await repo.insertDelivery(trx, message);
      await this.scheduleTakeover(trx, id, 1);
      return id;
    });
    await this.attempt({ ...message, id }, 1);
  }

  /** Should attempt `attempt` never report, the next one takes over. */
  private scheduleTakeover(trx: Kysely<Database>, id: bigint, attempt: number) {
    return this.scheduleAttempt(trx, id, attempt + 1, new Date(Date.now() + TAKEOVER_MS), 'takeover');
  }

  private scheduleAttempt(trx: Kysely<Database>, id: bigint, attempt: number, runAt: Date, why: string) {
    return schedule(trx, {
      kind: DELIVERY_JOB,
      runAt,
      payload: { id: id.toString(), attempt, operator: why.startsWith('operator') },
      dedupeKey: `delivery:${id}:${attempt}:${why}`,
    });
  }

  /** One attempt over the provider, outside any transaction, and its outcome recorded (with the next retry). */
  private async attempt(delivery: Outgoing, attempt: number): Promise<void> {
    let failure: string | null = null;
    try {
      if (delivery.channel === 'mail') {
        await this.providers.mail.send({
          merchantCode: delivery.merchantCode,
          to: delivery.recipient,
          subject: delivery.subject,
          text: delivery.body,
        });
      } else {
        await this.providers.sms.send({
          merchantCode: delivery.merchantCode,
          to: delivery.recipient.replace(/^\+/, ''),
          text: delivery.body,
        });
      }
    } catch (error) {
      failure = errorText(error);
    }
    if (failure === null) {
      await repo.recordOutcome(this.db, delivery.id, attempt, { state: 'sent', error: null });
      return;
    }
    const dead = attempt >= DELIVERY_MAX_ATTEMPTS;
    await this.db.transaction().execute(async (trx) => {
      const recorded = await repo.recordOutcome(trx, delivery.id, attempt, { state: dead ? 'dead' : 'retrying', error: failure });
      if (recorded && !dead) {
        await this.scheduleAttempt(trx, delivery.id, attempt + 1, new Date(Date.now() + retryDelayMs(attempt)), 'retry');
      }
    });
    const facts = { delivery: delivery.id.toString(), channel: delivery.channel, attempt, error: failure };
    if (dead) this.log?.error(facts, 'delivery dead after its last attempt');
    else this.log?.warn(facts, 'delivery attempt failed; retrying');
  }

  /**
   * A retry, a takeover or an operator's retry: begins attempt `attempt` in the job's transaction when the one
   * before it is still the last begun, and makes the attempt once that has committed.
   */
  private async attemptJob({ trx, payload, afterCommit }: JobContext): Promise<void> {
    const id = BigInt(String(payload.id));
    const attempt = Number(payload.attempt);
    const row = await repo.lockForAttempt(trx, id, attempt);
    if (!row) return;
    if (attempt > DELIVERY_MAX_ATTEMPTS && payload.operator !== true) {
      await repo.markDead(trx, id, 'no outcome from the provider');
      return;
    }
    await repo.beginAttempt(trx, id, attempt);
    await this.scheduleTakeover(trx, id, attempt);
    const delivery: Outgoing = {
      id,
      merchantCode: row.merchant_code,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
    };
    afterCommit(() => this.background.start(`delivery ${id} attempt ${attempt}`, () => this.attempt(delivery, attempt)));
  }
}
