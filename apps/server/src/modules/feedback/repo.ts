import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FeedbackTable } from './tables.js';

export type NewFeedback = Omit<Insertable<FeedbackTable>, 'id' | 'created_at'>;

export interface NewImage {
  position: number;
  mime: string;
  size_bytes: number;
  sha256: Uint8Array;
  data: Uint8Array;
}

export async function insertFeedback(trx: Kysely<Database>, feedback: NewFeedback, images: NewImage[]): Promise<bigint> {
  const { id } = await trx.insertInto('feedback').values(feedback).returning('id').executeTakeFirstOrThrow();
  if (images.length) {
    await trx
      .insertInto('feedback_images')
      .values(images.map((image) => ({ feedback_id: id, ...image })))
      .execute();
  }
  return id;
}

/** Counts one attempt in the IP's current window atomically (safe across instances); returns the new count. */
export async function hitWindow(db: Kysely<Database>, ip: string, windowStart: Date): Promise<number> {
  const row = await db
    .insertInto('feedback_rate_windows')
    .values({ ip, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['ip', 'window_start']).doUpdateSet({ hits: sql`feedback_rate_windows.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

export async function deleteWindowsBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('feedback_rate_windows').where('window_start', '<', before).execute();
}

export async function selectRecent(db: Kysely<Database>, merchantCode: string, limit: number) {
  return db
    .selectFrom('feedback as f')
    .select((eb) => [
      'f.id',
      'f.member_id',
      'f.content',
      'f.contact',
      'f.ip',
      'f.created_at',
      eb
        .selectFrom('feedback_images as i')
        .select((inner) => inner.fn.countAll<bigint>().as('n'))
        .whereRef('i.feedback_id', '=', 'f.id')
        .as('image_count'),
    ])
    .where('f.merchant_code', '=', merchantCode)
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute();
}

export async function selectOne(db: Kysely<Database>, merchantCode: string, id: bigint) {
  return db
    .selectFrom('feedback')
    .select(['id', 'member_id', 'content', 'contact', 'ip', 'user_agent', 'language', 'created_at'])
    .where('merchant_code', '=', merchantCode)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function selectImageMeta(db: Kysely<Database>, feedbackId: bigint) {
  return db
    .selectFrom('feedback_images')
    .select(['id', 'position', 'mime', 'size_bytes', 'sha256'])
    .where('feedback_id', '=', feedbackId)
    .orderBy('position')
    .execute();
}

export async function selectImage(db: Kysely<Database>, merchantCode: string, imageId: bigint) {
  return db
    .selectFrom('feedback_images as i')
    .innerJoin('feedback as f', 'f.id', 'i.feedback_id')
    .select(['i.id', 'i.mime', 'i.data', 'i.sha256'])
    .where('f.merchant_code', '=', merchantCode)
    .where('i.id', '=', imageId)
    .executeTakeFirst();
}
