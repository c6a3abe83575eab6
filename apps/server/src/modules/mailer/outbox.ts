import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type OutboxKind = 'mail' | 'sms';

export interface OutboxMessage {
  id: bigint;
  merchantCode: string;
  kind: OutboxKind;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
}

export async function insertOutbox(
  db: Kysely<Database>,
  message: Pick<OutboxMessage, 'merchantCode' | 'kind' | 'recipient' | 'subject' | 'body'>,
): Promise<void> {
  await db
    .insertInto('outbox_messages')
    .values({
      merchant_code: message.merchantCode,
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
    })
    .execute();
}

export async function listOutbox(
  db: Kysely<Database>,
  merchantCode: string,
  kind: OutboxKind | undefined,
  limit: number,
): Promise<OutboxMessage[]> {
  let query = db
    .selectFrom('outbox_messages')
    .select(['id', 'merchant_code', 'kind', 'recipient', 'subject', 'body', 'created_at'])
    .where('merchant_code', '=', merchantCode);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    merchantCode: row.merchant_code,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
  }));
}
