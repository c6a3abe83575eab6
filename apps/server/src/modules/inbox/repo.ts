import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MessageAudience } from './tables.js';

/** Who is reading: what decides which messages of a level, a downline or everyone reach them. */
export interface Reader {
  merchant: string;
  memberId: bigint;
  /** Messages to a level, a downline or everyone reach the players who had joined when they were sent. */
  joinedAt: Date;
  vipLevel: number;
  /** Every agent above the member, at any depth. */
  uplines: bigint[];
}

export type MessageTexts = Record<string, { title: string; content: string }>;

/**
 * Whether message `m` is in the reader's inbox: live (not withdrawn, not expired) and addressed to them, by name
 * or by what they are now. A message to a level or a downline is matched here, on read: sending to everyone
 * writes one row, whatever the number of players.
 */
function visibleTo(reader: Reader) {
  const downline = reader.uplines.length > 0 ? sql`m.agent_id IN (${sql.join(reader.uplines)})` : sql`FALSE`;
  return sql<boolean>`
    m.merchant_code = ${reader.merchant} AND m.withdrawn_at IS NULL AND (m.expires_at IS NULL OR m.expires_at > now())
    AND (
      (m.audience = 'members' AND EXISTS (
        SELECT 1 FROM player_message_recipients r WHERE r.member_id = ${reader.memberId} AND r.message_id = m.id))
      OR (m.created_at >= ${reader.joinedAt} AND (
        m.audience = 'all'
        OR (m.audience = 'vip' AND m.vip_level = ${reader.vipLevel})
        OR (m.audience = 'downline' AND ${downline}))))`;
}

export interface InboxRow {
  id: string;
  texts: MessageTexts;
  created_at: Date;
  expires_at: Date | null;
  read_at: Date | null;
}

export async function selectInbox(db: Kysely<Database>, reader: Reader, page: { offset: number; limit: number }) {
  const { rows } = await sql<InboxRow>`
    SELECT m.id::text AS id, m.texts, m.created_at, m.expires_at, k.read_at
    FROM player_messages m
    LEFT JOIN player_message_marks k ON k.member_id = ${reader.memberId} AND k.message_id = m.id
    WHERE ${visibleTo(reader)} AND k.deleted_at IS NULL
    ORDER BY m.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows;
}

export async function countInbox(db: Kysely<Database>, reader: Reader): Promise<{ total: number; unread: number }> {
  const { rows } = await sql<{ total: string; unread: string }>`
    SELECT count(*)::text AS total, count(*) FILTER (WHERE k.read_at IS NULL)::text AS unread
    FROM player_messages m
    LEFT JOIN player_message_marks k ON k.member_id = ${reader.memberId} AND k.message_id = m.id
    WHERE ${visibleTo(reader)} AND k.deleted_at IS NULL`.execute(db);
  return { total: Number(rows[0]?.total ?? 0), unread: Number(rows[0]?.unread ?? 0) };
}

/** Marks the reader's messages among `ids` read or deleted; ids of messages not in their inbox change nothing. */
export async function mark(db: Kysely<Database>, reader: Reader, ids: bigint[], what: 'read_at' | 'deleted_at') {
  const column = sql.ref(what);
  await sql`
    INSERT INTO player_message_marks (message_id, member_id, ${column})
    SELECT m.id, ${reader.memberId}, now() FROM player_messages m
    WHERE m.id IN (${sql.join(ids)}) AND ${visibleTo(reader)}
    ON CONFLICT (member_id, message_id)
    DO UPDATE SET ${column} = COALESCE(player_message_marks.${column}, EXCLUDED.${column})`.execute(db);
}

export interface NewMessage {
  merchant: string;
  audience: MessageAudience;
  vipLevel: number | null;
  agentId: bigint | null;
  texts: MessageTexts;
  expiresAt: Date | null;
  sentBy: string;
}

export async function insertMessage(db: Kysely<Database>, message: NewMessage): Promise<bigint> {
  const { id } = await db
    .insertInto('player_messages')
    .values({
      merchant_code: message.merchant,
      audience: message.audience,
      vip_level: message.vipLevel,
      agent_id: message.agentId,
      texts: JSON.stringify(message.texts),
      expires_at: message.expiresAt,
      sent_by: message.sentBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Names the players of `accounts` as the message's recipients in one statement; answers their member ids. */
export async function insertRecipients(db: Kysely<Database>, merchant: string, messageId: bigint, accounts: string[]) {
  const rows = await db
    .insertInto('player_message_recipients')
    .columns(['message_id', 'member_id'])
    .expression((eb) =>
      eb
        .selectFrom('members')
        .select([sql<bigint>`${messageId}::bigint`.as('message_id'), 'id'])
        .where('merchant_code', '=', merchant)
        .where(sql<string>`lower(account)`, 'in', accounts),
    )
    .returning('member_id')
    .execute();
  await db.updateTable('player_messages').set({ recipients: rows.length }).where('id', '=', messageId).execute();
  return rows.map((row) => row.member_id);
}

export async function withdraw(db: Kysely<Database>, merchant: string, id: bigint) {
  return db
    .updateTable('player_messages')
    .set({ withdrawn_at: new Date() })
    .where('id', '=', id)
    .where('merchant_code', '=', merchant)
    .where('withdrawn_at', 'is', null)
    .returning(['id', 'audience', 'texts'])
    .executeTakeFirst();
}

export async function selectSent(db: Kysely<Database>, merchant: string, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('player_messages as m')
      .leftJoin('members as agent', 'agent.id', 'm.agent_id')
      .select([
        'm.id',
        'm.audience',
        'm.vip_level',
        'agent.account as agent_account',
        'm.recipients',
        'm.texts',
        'm.created_at',
        'm.expires_at',
        'm.withdrawn_at',
        'm.sent_by',
        (eb) =>
          eb
            .selectFrom('player_message_marks as k')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('k.message_id', '=', 'm.id')
            .where('k.read_at', 'is not', null)
            .as('read'),
      ])
      .where('m.merchant_code', '=', merchant)
      .orderBy('m.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('player_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_code', '=', merchant)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** An agent of the merchant by account (agent types that have a downline), for a message to their downline. */
export function selectAgent(db: Kysely<Database>, merchant: string, account: string) {
  return db
    .selectFrom('members')
    .select(['id', 'agent_type'])
    .where('merchant_code', '=', merchant)
    .where(sql<string>`lower(account)`, '=', account.trim().toLowerCase())
    .executeTakeFirst();
}
