import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChatQueue, ChatState } from './tables.js';

type Q = Kysely<Database> | Transaction<Database>;

export interface PartyRef {
  memberId: bigint | null;
  visitorKeyHash: Buffer | null;
}

const conversationColumns = [
  'id',
  'merchant_code',
  'member_id',
  'visitor_key_hash',
  'display_name',
  'queue',
  'state',
  'staff_name',
  'player_read_id',
  'staff_read_id',
  'last_message_at',
] as const;

export const selectLatestOf = (db: Q, merchant: string, party: PartyRef) => {
  let query = db.selectFrom('chat_conversations').select(conversationColumns).where('merchant_code', '=', merchant);
  query =
    party.memberId !== null
      ? query.where('member_id', '=', party.memberId)
      : query.where('visitor_key_hash', '=', party.visitorKeyHash);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
};

export const selectConversation = (db: Q, merchant: string, id: bigint) =>
  db
    .selectFrom('chat_conversations')
    .select(conversationColumns)
    .where('merchant_code', '=', merchant)
    .where('id', '=', id)
    .executeTakeFirst();

export const lockConversation = (db: Q, merchant: string, id: bigint) =>
  db
    .selectFrom('chat_conversations')
    .select(conversationColumns)
    .where('merchant_code', '=', merchant)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof selectConversation>>>;

export const insertConversation = (
  db: Q,
  row: { merchant: string; party: PartyRef; displayName: string; queue: ChatQueue; state: ChatState },
) =>
  db
    .insertInto('chat_conversations')
    .values({
      merchant_code: row.merchant,
      member_id: row.party.memberId,
      visitor_key_hash: row.party.visitorKeyHash,
      display_name: row.displayName,
      queue: row.queue,
      state: row.state,
      staff_name: null,
      closed_at: null,
    })
    .returning(conversationColumns)
    .executeTakeFirstOrThrow();

/** The visitor's chat still going, handed to the member when they have none going; its id, or null. */
export async function claimVisitorConversation(
  db: Q,
  merchant: string,
  visitorKeyHash: Buffer,
  to: { memberId: bigint; displayName: string; queue: ChatQueue },
): Promise<bigint | null> {
  const row = await db
    .updateTable('chat_conversations')
    .set({ member_id: to.memberId, visitor_key_hash: null, display_name: to.displayName, queue: to.queue })
    .where('merchant_code', '=', merchant)
    .where('visitor_key_hash', '=', visitorKeyHash)
    .where('member_id', 'is', null)
    .where('state', '!=', 'closed')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_conversations as mine')
            .select('mine.id')
            .where('mine.merchant_code', '=', merchant)
            .where('mine.member_id', '=', to.memberId)
            .where('mine.state', '!=', 'closed'),
        ),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export const updateConversation = (
  db: Q,
  id: bigint,
  set: { state?: ChatState; staff_name?: string | null; last_message_at?: Date; closed_at?: Date | null },
) => db.updateTable('chat_conversations').set(set).where('id', '=', id).execute();

const messageColumns = [
  'm.id',
  'm.conversation_id',
  'm.sender',
  'm.staff_name',
  'm.body',
  'm.created_at',
  'i.width',
  'i.height',
] as const;

const messagesWithImages = (db: Q) =>
  db.selectFrom('chat_messages as m').leftJoin('chat_images as i', 'i.message_id', 'm.id').select(messageColumns);

export type MessageRow = {
  id: bigint;
  conversation_id: bigint;
  sender: 'player' | 'staff';
  staff_name: string | null;
  body: string;
  created_at: Date;
  width: number | null;
  height: number | null;
};

export interface StoredImage {
  width: number;
  height: number;
  full: Buffer;
  thumb: Buffer;
}

/** A message, with its picture when it has one (stored in the same transaction). */
export async function insertMessage(
  db: Q,
  row: { conversationId: bigint; staffName: string | null; body: string; image?: StoredImage },
): Promise<MessageRow> {
  const message = await db
    .insertInto('chat_messages')
    .values({
      conversation_id: row.conversationId,
      sender: row.staffName === null ? 'player' : 'staff',
      staff_name: row.staffName,
      body: row.body,
      has_image: row.image !== undefined,
    })
    .returning(['id', 'conversation_id', 'sender', 'staff_name', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
  if (!row.image) return { ...message, width: null, height: null };
  await db
    .insertInto('chat_images')
    .values({
      message_id: message.id,
      conversation_id: row.conversationId,
      width: row.image.width,
      height: row.image.height,
      full_data: row.image.full,
      thumb_data: row.image.thumb,
    })
    .execute();
  return { ...message, width: row.image.width, height: row.image.height };
}

export const selectMessage = (db: Q, id: bigint): Promise<MessageRow | undefined> =>
  messagesWithImages(db).where('m.id', '=', id).executeTakeFirst();

/** The messages after `afterId`, oldest first: a reconnecting client's catch-up, or a whole transcript. */
export const selectMessagesAfter = (db: Q, conversationId: bigint, afterId: bigint, limit: number): Promise<MessageRow[]> =>
  messagesWithImages(db)
    .where('m.conversation_id', '=', conversationId)
    .where('m.id', '>', afterId)
    .orderBy('m.id')
    .limit(limit)
    .execute();

/** A picture of the conversation, in the size asked for. */
export const selectImage = (db: Q, conversationId: bigint, messageId: bigint, size: 'thumb' | 'full') =>
  db
    .selectFrom('chat_images')
    .select(size === 'thumb' ? 'thumb_data as data' : 'full_data as data')
    .where('message_id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();

/** Moves one side's read mark forward, never back and never past the conversation's last message. */
export async function markRead(db: Q, id: bigint, side: 'player' | 'staff', upToId: bigint): Promise<bigint | null> {
  const column = side === 'player' ? 'player_read_id' : 'staff_read_id';
  const row = await db
    .updateTable('chat_conversations')
    .set({
      [column]: sql<bigint>`(SELECT coalesce(max(id), 0) FROM chat_messages WHERE conversation_id = ${id} AND id <= ${upToId})`,
    })
    .where('id', '=', id)
    .where(column, '<', upToId)
    .returning(column)
    .executeTakeFirst();
  return row ? ((row as Record<string, bigint>)[column] ?? null) : null;
}

const LIST_MAX = 100;

/** Chats for the console: by state (VIP first, then the longest waiting), or matching a search of name and transcript. */
export function selectConsoleList(db: Q, merchant: string, filter: { state?: ChatState; q?: string; id?: bigint }) {
  let query = db
    .selectFrom('chat_conversations as c')
    .select([
      'c.id',
      'c.member_id',
      'c.display_name',
      'c.queue',
      'c.state',
      'c.staff_name',
      'c.player_read_id',
      'c.last_message_at',
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select('m.body')
          .whereRef('m.conversation_id', '=', 'c.id')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last_message'),
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select('m.has_image')
          .whereRef('m.conversation_id', '=', 'c.id')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last_has_image'),
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.sender', '=', 'player')
          .whereRef('m.id', '>', 'c.staff_read_id')
          .as('unread'),
    ])
    .where('c.merchant_code', '=', merchant);
  if (filter.id !== undefined) query = query.where('c.id', '=', filter.id);
  if (filter.state) query = query.where('c.state', '=', filter.state);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('c.display_name', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('chat_messages as s')
            .select('s.id')
            .whereRef('s.conversation_id', '=', 'c.id')
            .where('s.body', 'ilike', pattern),
        ),
      ]),
    );
    return query.orderBy('c.last_message_at', 'desc').limit(LIST_MAX).execute();
  }
  const waitingFirst = filter.state === 'waiting' || filter.state === 'ticket';
  return query
    .orderBy(sql`c.queue = 'vip'`, 'desc')
    .orderBy('c.last_message_at', waitingFirst ? 'asc' : 'desc')
    .limit(LIST_MAX)
    .execute();
}

export type ConsoleRow = Awaited<ReturnType<typeof selectConsoleList>>[number];

export const upsertDuty = (db: Q, merchant: string, staffName: string, until: Date) =>
  db
    .insertInto('chat_duty')
    .values({ merchant_code: merchant, staff_name: staffName, until })
    .onConflict((oc) => oc.columns(['merchant_code', 'staff_name']).doUpdateSet({ until }))
    .execute();

export const deleteDuty = (db: Q, merchant: string, staffName: string) =>
  db.deleteFrom('chat_duty').where('merchant_code', '=', merchant).where('staff_name', '=', staffName).execute();

export async function countOnDuty(db: Q, merchant: string): Promise<number> {
  const row = await db
    .selectFrom('chat_duty')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_code', '=', merchant)
    .where('until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const selectCanned = (db: Q, merchant: string) =>
  db
    .selectFrom('chat_canned_replies')
    .select(['id', 'title', 'body'])
    .where('merchant_code', '=', merchant)
    .orderBy('title')
    .limit(200)
    .execute();

export const insertCanned = (db: Q, merchant: string, row: { title: string; body: string; createdBy: string }) =>
  db
    .insertInto('chat_canned_replies')
    .values({ merchant_code: merchant, title: row.title, body: row.body, created_by: row.createdBy })
    .returning(['id', 'title', 'body'])
    .executeTakeFirstOrThrow();
