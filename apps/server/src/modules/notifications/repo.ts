import type { NotificationPayload } from '@tessera/contract/api/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const COLUMNS = ['id', 'merchant_code', 'member_id', 'type', 'payload', 'created_at', 'read_at'] as const;

export async function insertNotification(
  db: Kysely<Database>,
  row: { merchant: string; memberId: bigint; type: string; payload: NotificationPayload },
): Promise<bigint> {
  const { id } = await db
    .insertInto('member_notifications')
    .values({ merchant_code: row.merchant, member_id: row.memberId, type: row.type, payload: JSON.stringify(row.payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function selectNotification(db: Kysely<Database>, id: bigint) {
  return db.selectFrom('member_notifications').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function selectRecent(db: Kysely<Database>, merchant: string, memberId: bigint, limit: number) {
  return db
    .selectFrom('member_notifications')
    .select(COLUMNS)
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Kysely<Database>, merchant: string, memberId: bigint): Promise<number> {
  const row = await db
    .selectFrom('member_notifications')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Kysely<Database>, merchant: string, memberId: bigint, upToId: bigint) {
  await db
    .updateTable('member_notifications')
    .set({ read_at: new Date() })
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .where('id', '<=', upToId)
    .where('read_at', 'is', null)
    .execute();
}

export type NotificationRow = NonNullable<Awaited<ReturnType<typeof selectNotification>>>;
