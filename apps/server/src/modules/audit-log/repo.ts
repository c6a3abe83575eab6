import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { asStoredJson, type ChainedFields, entryHash, GENESIS_HASH } from './chain.js';

/**
 * The one advisory lock every append takes (transaction-scoped): appends from any number of instances are
 * serialised, so each reads the true last hash and the chain never forks.
 */
const CHAIN_LOCK = sql.raw('pg_advisory_xact_lock(7715, 1)');

export type NewEntry = Omit<ChainedFields, 'seq' | 'at' | 'prevHash'>;

/** Appends one entry in the caller's transaction; the lock is held until that transaction ends. */
export async function appendEntry(trx: Kysely<Database>, entry: NewEntry, at: Date): Promise<ChainedFields & { hash: string }> {
  await sql`SELECT ${CHAIN_LOCK}`.execute(trx);
  const last = await trx.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const fields: ChainedFields = {
    ...entry,
    before: asStoredJson(entry.before),
    after: asStoredJson(entry.after),
    seq: (last?.seq ?? 0n) + 1n,
    at,
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const hash = entryHash(fields);
  await trx
    .insertInto('audit_log')
    .values({
      seq: fields.seq,
      at: fields.at,
      actor: fields.actor,
      actor_kind: fields.actorKind,
      ip: fields.ip,
      merchant_code: fields.merchantCode,
      action: fields.action,
      target: fields.target,
      before: fields.before === null ? null : JSON.stringify(fields.before),
      after: fields.after === null ? null : JSON.stringify(fields.after),
      prev_hash: fields.prevHash,
      hash,
    })
    .execute();
  return { ...fields, hash };
}

export interface StoredEntry extends ChainedFields {
  hash: string;
}

const toEntry = (row: {
  seq: bigint;
  at: Date;
  actor: string;
  actor_kind: string;
  ip: string | null;
  merchant_code: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  prev_hash: string;
  hash: string;
}): StoredEntry => ({
  seq: row.seq,
  at: row.at,
  actor: row.actor,
  actorKind: row.actor_kind,
  ip: row.ip,
  merchantCode: row.merchant_code,
  action: row.action,
  target: row.target,
  before: row.before,
  after: row.after,
  prevHash: row.prev_hash,
  hash: row.hash,
});

const COLUMNS = [
  'seq',
  'at',
  'actor',
  'actor_kind',
  'ip',
  'merchant_code',
  'action',
  'target',
  'before',
  'after',
  'prev_hash',
  'hash',
] as const;

/** Entries in chain order after `afterSeq`, a batch at a time. */
export async function selectBatch(db: Kysely<Database>, afterSeq: bigint, size: number): Promise<StoredEntry[]> {
  const rows = await db.selectFrom('audit_log').select(COLUMNS).where('seq', '>', afterSeq).orderBy('seq').limit(size).execute();
  return rows.map(toEntry);
}

export interface EntryFilter {
  actor?: string;
  /** An action or an action prefix ending in a dot (`staff.`). */
  action?: string;
  target?: string;
  merchantCode?: string;
  from?: Date;
  to?: Date;
}

function filtered(db: Kysely<Database>, filter: EntryFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.action) {
    query = filter.action.endsWith('.')
      ? query.where(sql<boolean>`starts_with(action, ${filter.action})`)
      : query.where('action', '=', filter.action);
  }
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.merchantCode) query = query.where('merchant_code', '=', filter.merchantCode);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query;
}

/** Newest first, one page, and how many entries match in all. */
export async function selectPage(
  db: Kysely<Database>,
  filter: EntryFilter,
  offset: number,
  limit: number,
): Promise<{ entries: StoredEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).select(COLUMNS).orderBy('seq', 'desc').offset(offset).limit(limit).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toEntry), total: Number(count.n) };
}
