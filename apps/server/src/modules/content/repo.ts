import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AnnouncementTable } from './tables.js';

export type AnnouncementRow = Omit<Selectable<AnnouncementTable>, 'merchant_code' | 'created_at' | 'created_by'>;

export interface TextRow {
  announcement_id: bigint;
  language: string;
  title: string;
  content: string;
}

export type NewAnnouncement = Omit<AnnouncementRow, 'id' | 'updated_at' | 'updated_by'>;

const COLUMNS = [
  'id',
  'type',
  'platform',
  'audience',
  'starts_at',
  'ends_at',
  'sort_order',
  'image_path',
  'group_name',
  'linkage_type',
  'link',
  'updated_at',
  'updated_by',
] as const;

export interface LiveFilter {
  merchantCode: string;
  type: string;
  platform: string;
  now: Date;
}

/** Announcements of one type for the site's players whose window holds `now` (start ≤ now < end) for this platform. */
function liveQuery(db: Kysely<Database>, { merchantCode, type, platform, now }: LiveFilter) {
  return db
    .selectFrom('announcements')
    .where('merchant_code', '=', merchantCode)
    .where('audience', '=', 'players')
    .where('type', '=', type)
    .where('platform', 'in', ['A', platform])
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
}

export async function selectLive(
  db: Kysely<Database>,
  filter: LiveFilter,
  limit: number,
  offset = 0,
): Promise<AnnouncementRow[]> {
  return liveQuery(db, filter)
    .select(COLUMNS)
    .orderBy('sort_order', 'asc')
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countLive(db: Kysely<Database>, filter: LiveFilter): Promise<number> {
  const row = await liveQuery(db, filter)
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function selectLiveById(db: Kysely<Database>, filter: LiveFilter, id: bigint): Promise<AnnouncementRow | undefined> {
  return liveQuery(db, filter).select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Notices for agents whose window holds `now`, any platform (the agent centre opens on both). */
function agentQuery(db: Kysely<Database>, merchantCode: string, now: Date) {
  return db
    .selectFrom('announcements')
    .where('merchant_code', '=', merchantCode)
    .where('audience', '=', 'agents')
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
}

export async function selectAgentNotices(db: Kysely<Database>, merchantCode: string, now: Date, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    agentQuery(db, merchantCode, now)
      .select(COLUMNS)
      .orderBy('sort_order', 'asc')
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    agentQuery(db, merchantCode, now)
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function selectAgentNotice(db: Kysely<Database>, merchantCode: string, now: Date, id: bigint) {
  return agentQuery(db, merchantCode, now).select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function selectTexts(db: Kysely<Database>, ids: bigint[]): Promise<TextRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('announcement_texts')
    .select(['announcement_id', 'language', 'title', 'content'])
    .where('announcement_id', 'in', ids)
    .orderBy('language')
    .execute();
}

export async function selectForAdmin(
  db: Kysely<Database>,
  merchantCode: string,
  type: string | undefined,
  endedAfter: Date | null,
  limit: number,
): Promise<AnnouncementRow[]> {
  let query = db.selectFrom('announcements').select(COLUMNS).where('merchant_code', '=', merchantCode);
  if (type) query = query.where('type', '=', type);
  if (endedAfter) query = query.where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', endedAfter)]));
  return query.orderBy('type').orderBy('sort_order').orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Locks one announcement of the merchant for a change in the caller's transaction. */
export async function lockAnnouncement(
  trx: Kysely<Database>,
  merchantCode: string,
  id: bigint,
): Promise<AnnouncementRow | undefined> {
  return trx
    .selectFrom('announcements')
    .select(COLUMNS)
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertAnnouncement(
  trx: Kysely<Database>,
  merchantCode: string,
  row: NewAnnouncement,
  texts: { language: string; title: string; content: string }[],
  actor: string,
): Promise<bigint> {
  const { id } = await trx
    .insertInto('announcements')
    .values({ ...row, merchant_code: merchantCode, created_by: actor, updated_by: actor })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('announcement_texts')
    .values(texts.map((text) => ({ announcement_id: id, ...text })))
    .execute();
  return id;
}

/** Overwrites an announcement's row and replaces its texts (a language left out goes). */
export async function replaceAnnouncement(
  trx: Kysely<Database>,
  id: bigint,
  row: NewAnnouncement,
  texts: { language: string; title: string; content: string }[],
  actor: string,
): Promise<void> {
  await trx
    .updateTable('announcements')
    .set({ ...row, updated_at: new Date(), updated_by: actor })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('announcement_texts').where('announcement_id', '=', id).execute();
  await trx
    .insertInto('announcement_texts')
    .values(texts.map((text) => ({ announcement_id: id, ...text })))
    .execute();
}

export interface AdminFilter {
  merchantCode: string;
  now: Date;
  type?: string;
  state?: 'live' | 'scheduled' | 'ended';
  search?: string;
  sort?: 'start-desc' | 'start-asc' | 'sort-order';
}

/** `%`, `_` and `\\` typed by staff match themselves, not any text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function adminQuery(db: Kysely<Database>, { merchantCode, now, type, state, search }: AdminFilter) {
  let query = db.selectFrom('announcements').where('merchant_code', '=', merchantCode);
  if (type) query = query.where('type', '=', type);
  if (state === 'scheduled') query = query.where('starts_at', '>', now);
  if (state === 'ended') query = query.where('ends_at', '<=', now);
  if (state === 'live') {
    query = query.where('starts_at', '<=', now).where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  }
  if (search) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('announcement_texts')
          .select('announcement_texts.announcement_id')
          .whereRef('announcement_texts.announcement_id', '=', 'announcements.id')
          .where('announcement_texts.title', 'ilike', likePattern(search)),
      ),
    );
  }
  return query;
}

export async function selectAdminPage(
  db: Kysely<Database>,
  filter: AdminFilter,
  offset: number,
  limit: number,
): Promise<AnnouncementRow[]> {
  let query = adminQuery(db, filter).select(COLUMNS);
  if (filter.sort === 'sort-order') query = query.orderBy('sort_order', 'asc').orderBy('starts_at', 'desc');
  else if (filter.sort === 'start-asc') query = query.orderBy('starts_at', 'asc');
  else query = query.orderBy('starts_at', 'desc');
  return query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countAdmin(db: Kysely<Database>, filter: AdminFilter): Promise<number> {
  const row = await adminQuery(db, filter)
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteAnnouncement(trx: Kysely<Database>, id: bigint): Promise<void> {
  await trx.deleteFrom('announcements').where('id', '=', id).execute();
}

export async function insertAudit(
  trx: Kysely<Database>,
  entry: {
    merchantCode: string;
    announcementId: bigint;
    action: 'create' | 'update' | 'remove';
    oldValue: unknown;
    newValue: unknown;
    actor: string;
  },
): Promise<void> {
  await trx
    .insertInto('announcement_audit')
    .values({
      merchant_code: entry.merchantCode,
      announcement_id: entry.announcementId,
      action: entry.action,
      old_value: entry.oldValue === null ? null : JSON.stringify(entry.oldValue),
      new_value: entry.newValue === null ? null : JSON.stringify(entry.newValue),
      actor: entry.actor,
    })
    .execute();
}

export interface AuditRow {
  announcementId: bigint;
  action: string;
  oldValue: unknown;
  newValue: unknown;
  actor: string;
  at: Date;
}

export async function selectAudit(db: Kysely<Database>, merchantCode: string, limit: number): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('announcement_audit')
    .select(['announcement_id', 'action', 'old_value', 'new_value', 'actor', 'at'])
    .where('merchant_code', '=', merchantCode)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    announcementId: row.announcement_id,
    action: row.action,
    oldValue: row.old_value,
    newValue: row.new_value,
    actor: row.actor,
    at: row.at,
  }));
}
