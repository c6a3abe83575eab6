import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DeliveryChannel, DeliveryState } from './tables.js';

export async function insertDelivery(
  db: Kysely<Database>,
  row: { merchantCode: string; channel: DeliveryChannel; recipient: string; subject: string; body: string },
): Promise<bigint> {
  const { id } = await db
    .insertInto('deliveries')
    .values({
      merchant_code: row.merchantCode,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      attempts: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The delivery, locked, when attempt number `attempt` may begin: the one before it is the last begun and it
 * failed ('retrying') or never reported ('sending'). Undefined when that attempt has begun or all is over.
 */
export function lockForAttempt(db: Kysely<Database>, id: bigint, attempt: number) {
  return db
    .selectFrom('deliveries')
    .select(['id', 'merchant_code', 'channel', 'recipient', 'subject', 'body', 'attempts'])
    .where('id', '=', id)
    .where('attempts', '=', attempt - 1)
    .where('state', 'in', ['sending', 'retrying'])
    .forUpdate()
    .executeTakeFirst();
}

export async function beginAttempt(db: Kysely<Database>, id: bigint, attempt: number): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ attempts: attempt, state: 'sending', updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Records the outcome of attempt number `attempt` (sent, or failed with `error`) while it is still the last one
 * begun: a slow attempt that a takeover has overtaken changes nothing.
 */
export async function recordOutcome(
  db: Kysely<Database>,
  id: bigint,
  attempt: number,
  outcome: { state: DeliveryState; error: string | null },
): Promise<boolean> {
  const now = new Date();
  const result = await db
    .updateTable('deliveries')
    .set({
      state: outcome.state,
      last_error: outcome.error,
      updated_at: now,
      ...(outcome.state === 'sent' ? { sent_at: now, body: '' } : {}),
    })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('state', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Puts a dead delivery back in line; its attempts so far stay counted. Answers the attempt that comes next. */
export async function revive(db: Kysely<Database>, merchantCode: string, id: bigint): Promise<number | null> {
  const row = await db
    .updateTable('deliveries')
    .set({ state: 'retrying', updated_at: new Date() })
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .where('state', '=', 'dead')
    .returning(['attempts'])
    .executeTakeFirst();
  return row ? row.attempts + 1 : null;
}

export function selectPage(
  db: Kysely<Database>,
  merchantCode: string,
  filter: { state?: DeliveryState; channel?: DeliveryChannel },
  page: { offset: number; limit: number },
) {
  let query = db.selectFrom('deliveries').where('merchant_code', '=', merchantCode);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  return Promise.all([
    query
      .select(['id', 'channel', 'recipient', 'subject', 'state', 'attempts', 'last_error', 'created_at', 'updated_at', 'sent_at'])
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

export function selectDelivery(db: Kysely<Database>, merchantCode: string, id: bigint) {
  return db
    .selectFrom('deliveries')
    .select(['id', 'channel', 'recipient', 'subject', 'state', 'attempts', 'last_error'])
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();
}

/** Gives up on a delivery whose row the caller holds locked. */
export async function markDead(db: Kysely<Database>, id: bigint, error: string): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ state: 'dead', last_error: error, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
