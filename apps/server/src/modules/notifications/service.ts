import type {
  MemberNotification,
  NotificationList,
  NotificationPayload,
  NotificationType,
} from '@tessera/contract/api/notifications';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './repo.js';

/** NOTIFY channel naming each new notification (`{"merchant","memberId","id"}`); the row itself carries the text. */
export const NOTIFICATIONS_CHANNEL = 'member_notifications';

export interface NotificationInput {
  merchant: string;
  memberId: bigint;
  type: NotificationType;
  payload: NotificationPayload;
}

/**
 * Stores a member notification and announces it on NOTIFICATIONS_CHANNEL, both in the caller's transaction: the
 * notification exists and is delivered exactly when the change it reports (e.g. a deposit approval) commits.
 * Only the id travels in the NOTIFY, so a payload never meets PostgreSQL's 8000-byte limit.
 */
export async function notify(trx: Kysely<Database>, input: NotificationInput): Promise<bigint> {
  const id = await repo.insertNotification(trx, input);
  const message = JSON.stringify({ merchant: input.merchant, memberId: input.memberId.toString(), id: id.toString() });
  await sql`SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, ${message})`.execute(trx);
  return id;
}

export const toMemberNotification = (row: repo.NotificationRow): MemberNotification => ({
  id: row.id.toString(),
  type: row.type as NotificationType,
  payload: row.payload as NotificationPayload,
  createdAt: row.created_at.getTime(),
  read: row.read_at !== null,
});

/** A member's own notifications; every query is scoped by merchant and member, so no one reads another's. */
export class NotificationsService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(merchant: string, memberId: bigint, size: number): Promise<NotificationList> {
    const [rows, unread] = await Promise.all([
      repo.selectRecent(this.db, merchant, memberId, size),
      repo.countUnread(this.db, merchant, memberId),
    ]);
    return { list: rows.map(toMemberNotification), unread };
  }

  async markRead(merchant: string, memberId: bigint, upToId: bigint): Promise<{ unread: number }> {
    await repo.markRead(this.db, merchant, memberId, upToId);
    return { unread: await repo.countUnread(this.db, merchant, memberId) };
  }

  /** One notification for the live stream, only if it belongs to this member. */
  async one(merchant: string, memberId: bigint, id: bigint): Promise<MemberNotification | null> {
    const row = await repo.selectNotification(this.db, id);
    if (!row || row.merchant_code !== merchant || row.member_id !== memberId) return null;
    return toMemberNotification(row);
  }
}
