import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { VendorTable } from './tables.js';

type Db = Kysely<Database>;

/** A vendor as the list calls read it: every column but the merchant and the bookkeeping. */
export type VendorRow = Omit<Selectable<VendorTable>, 'merchant_code' | 'updated_at'>;

export type VisibleVendorRow = VendorRow & { category_sort: number };

export interface GameRow {
  id: bigint;
  game_code: string;
  names: unknown;
  icon: string;
  is_hot: boolean;
  status: string;
  default_play_type: string | null;
  classify_key: string;
  vassalage: string;
  category: string;
  vendor_name: string;
  vendor_status: string;
}

export interface GameFilter {
  vassalage?: string | undefined;
  categories?: readonly string[] | undefined;
  classify?: string | undefined;
  /** A LIKE pattern already escaped by the caller. */
  namePattern?: string | undefined;
  hotOnly?: boolean;
  /** Only these games (favourites, recent games); must not be empty. */
  ids?: readonly bigint[] | undefined;
}

const VENDOR_COLUMNS = [
  'v.id',
  'v.vassalage',
  'v.display_name',
  'v.category',
  'v.account_type_name',
  'v.sort_order',
  'v.is_hot',
  'v.open_mode',
  'v.status',
  'v.icon',
  'v.large_icon',
] as const;

/** Vendors that may appear in answers: not retired, in an enabled category; in category then vendor order. */
export function selectVisibleVendors(db: Db, merchantCode: string): Promise<VisibleVendorRow[]> {
  return db
    .selectFrom('catalogue_vendors as v')
    .innerJoin('catalogue_categories as c', (join) =>
      join.onRef('c.merchant_code', '=', 'v.merchant_code').onRef('c.code', '=', 'v.category'),
    )
    .select([...VENDOR_COLUMNS, 'c.sort_order as category_sort'])
    .where('v.merchant_code', '=', merchantCode)
    .where('c.enabled', '=', true)
    .where('v.status', '<>', 'retired')
    .orderBy('c.sort_order')
    .orderBy('c.code')
    .orderBy('v.sort_order')
    .orderBy('v.id')
    .execute();
}

/** Games that may appear in answers: not retired, of a visible vendor. */
function visibleGames(db: Db, merchantCode: string, filter: GameFilter) {
  let query = db
    .selectFrom('catalogue_games as g')
    .innerJoin('catalogue_vendors as v', 'v.id', 'g.vendor_id')
    .innerJoin('catalogue_categories as c', (join) =>
      join.onRef('c.merchant_code', '=', 'v.merchant_code').onRef('c.code', '=', 'v.category'),
    )
    .where('g.merchant_code', '=', merchantCode)
    .where('c.enabled', '=', true)
    .where('v.status', '<>', 'retired')
    .where('g.status', '<>', 'retired');
  if (filter.vassalage !== undefined) query = query.where('v.vassalage', '=', filter.vassalage);
  if (filter.categories !== undefined) query = query.where('v.category', 'in', [...filter.categories]);
  if (filter.classify !== undefined) query = query.where('g.classify_key', '=', filter.classify);
  if (filter.hotOnly) query = query.where('g.is_hot', '=', true);
  if (filter.ids !== undefined) query = query.where('g.id', 'in', [...filter.ids]);
  if (filter.namePattern !== undefined) query = query.where(sql<boolean>`g.search_name ILIKE ${filter.namePattern} ESCAPE '\\'`);
  return query;
}

const GAME_COLUMNS = [
  'g.id',
  'g.game_code',
  'g.names',
  'g.icon',
  'g.is_hot',
  'g.status',
  'g.default_play_type',
  'g.classify_key',
  'v.vassalage',
  'v.category',
  'v.display_name as vendor_name',
  'v.status as vendor_status',
] as const;

/** One page in display order: category, vendor, then the game's own sort order, id breaking ties. */
export function selectGamePage(
  db: Db,
  merchantCode: string,
  filter: GameFilter,
  offset: number,
  limit: number,
): Promise<GameRow[]> {
  return visibleGames(db, merchantCode, filter)
    .select(GAME_COLUMNS)
    .orderBy('c.sort_order')
    .orderBy('v.sort_order')
    .orderBy('v.id')
    .orderBy('g.sort_order')
    .orderBy('g.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countGames(db: Db, merchantCode: string, filter: GameFilter): Promise<number> {
  const row = await visibleGames(db, merchantCode, filter)
    .select((eb) => eb.fn.countAll<bigint>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function selectPopularGames(db: Db, merchantCode: string, categories: readonly string[], limit: number) {
  return visibleGames(db, merchantCode, { categories })
    .select(GAME_COLUMNS)
    .orderBy('g.popularity', 'desc')
    .orderBy('g.id')
    .limit(limit)
    .execute();
}

export interface ClassifyCountRow {
  vendor_id: bigint;
  key: string;
  names: unknown;
  sort_order: number;
  game_count: bigint;
}

/** Visible games counted per vendor and class, with the class's names and order. */
export function selectClassifyCounts(db: Db, merchantCode: string, vassalage?: string): Promise<ClassifyCountRow[]> {
  return visibleGames(db, merchantCode, { vassalage })
    .innerJoin('catalogue_classifies as k', (join) =>
      join.onRef('k.merchant_code', '=', 'g.merchant_code').onRef('k.key', '=', 'g.classify_key'),
    )
    .select(['g.vendor_id', 'k.key', 'k.names', 'k.sort_order', (eb) => eb.fn.countAll<bigint>().as('game_count')])
    .groupBy(['g.vendor_id', 'k.key', 'k.names', 'k.sort_order'])
    .execute();
}

/** Serialises catalogue writes of one merchant (imports, status changes) for the rest of the transaction. */
export async function lockCatalogue(trx: Db, merchantCode: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`catalogue:${merchantCode}`}))`.execute(trx);
}

export function selectCategories(db: Db, merchantCode: string) {
  return db
    .selectFrom('catalogue_categories')
    .select(['code', 'sort_order', 'enabled'])
    .where('merchant_code', '=', merchantCode)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export function selectClassifies(db: Db, merchantCode: string) {
  return db
    .selectFrom('catalogue_classifies')
    .select(['key', 'names', 'sort_order'])
    .where('merchant_code', '=', merchantCode)
    .execute();
}

export function selectVendors(db: Db, merchantCode: string): Promise<VendorRow[]> {
  return db.selectFrom('catalogue_vendors as v').select(VENDOR_COLUMNS).where('v.merchant_code', '=', merchantCode).execute();
}

export interface StoredGameRow {
  id: bigint;
  vendor_id: bigint;
  game_code: string;
  names: unknown;
  classify_key: string;
  icon: string;
  is_hot: boolean;
  popularity: number;
  default_play_type: string | null;
  status: string;
  sort_order: number;
}

export function selectGames(db: Db, merchantCode: string): Promise<StoredGameRow[]> {
  return db
    .selectFrom('catalogue_games')
    .select([
      'id',
      'vendor_id',
      'game_code',
      'names',
      'classify_key',
      'icon',
      'is_hot',
      'popularity',
      'default_play_type',
      'status',
      'sort_order',
    ])
    .where('merchant_code', '=', merchantCode)
    .execute();
}

export async function upsertCategory(
  trx: Db,
  merchantCode: string,
  row: { code: string; sort_order: number; enabled: boolean },
): Promise<void> {
  await trx
    .insertInto('catalogue_categories')
    .values({ merchant_code: merchantCode, ...row })
    .onConflict((oc) => oc.columns(['merchant_code', 'code']).doUpdateSet({ sort_order: row.sort_order, enabled: row.enabled }))
    .execute();
}

export async function upsertClassify(
  trx: Db,
  merchantCode: string,
  row: { key: string; names: Record<string, string>; sort_order: number },
): Promise<void> {
  const names = JSON.stringify(row.names);
  await trx
    .insertInto('catalogue_classifies')
    .values({ merchant_code: merchantCode, key: row.key, names, sort_order: row.sort_order })
    .onConflict((oc) => oc.columns(['merchant_code', 'key']).doUpdateSet({ names, sort_order: row.sort_order }))
    .execute();
}

export type VendorWrite = Omit<VendorRow, 'id'>;

/** Inserts or updates a vendor by vassalage; returns its id. */
export async function upsertVendor(trx: Db, merchantCode: string, row: VendorWrite): Promise<bigint> {
  const { vassalage: _key, ...changes } = row;
  const written = await trx
    .insertInto('catalogue_vendors')
    .values({ merchant_code: merchantCode, ...row })
    .onConflict((oc) => oc.columns(['merchant_code', 'vassalage']).doUpdateSet({ ...changes, updated_at: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return written.id;
}

export interface GameWrite {
  vendor_id: bigint;
  game_code: string;
  names: Record<string, string>;
  search_name: string;
  classify_key: string;
  icon: string;
  is_hot: boolean;
  popularity: number;
  default_play_type: string | null;
  status: string;
  sort_order: number;
}

const INSERT_CHUNK = 500;

export async function insertGames(trx: Db, merchantCode: string, rows: GameWrite[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    await trx
      .insertInto('catalogue_games')
      .values(chunk.map((row) => ({ merchant_code: merchantCode, ...row, names: JSON.stringify(row.names) })))
      .execute();
  }
}

export async function updateGame(trx: Db, id: bigint, row: GameWrite): Promise<void> {
  const { vendor_id: _vendor, game_code: _code, ...changes } = row;
  await trx
    .updateTable('catalogue_games')
    .set({ ...changes, names: JSON.stringify(row.names), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface GameKeyRow {
  id: bigint;
  vassalage: string;
  game_code: string;
}

export function selectGamesByCode(db: Db, merchantCode: string, gameCode: string, vassalage?: string): Promise<GameKeyRow[]> {
  let query = db
    .selectFrom('catalogue_games as g')
    .innerJoin('catalogue_vendors as v', 'v.id', 'g.vendor_id')
    .select(['g.id', 'v.vassalage', 'g.game_code'])
    .where('g.merchant_code', '=', merchantCode)
    .where('g.game_code', '=', gameCode);
  if (vassalage !== undefined) query = query.where('v.vassalage', '=', vassalage);
  return query.execute();
}

export interface CatalogueCountRow {
  category: string;
  vassalage: string;
  vendor_status: string;
  game_status: string | null;
  games: bigint;
}

/** Games per vendor and status (vendors without games appear with a null status and 0). */
export function selectCatalogueCounts(db: Db, merchantCode: string): Promise<CatalogueCountRow[]> {
  return db
    .selectFrom('catalogue_vendors as v')
    .leftJoin('catalogue_games as g', 'g.vendor_id', 'v.id')
    .select(['v.category', 'v.vassalage', 'v.status as vendor_status', 'g.status as game_status'])
    .select((eb) => eb.fn.count<bigint>('g.id').as('games'))
    .where('v.merchant_code', '=', merchantCode)
    .groupBy(['v.category', 'v.vassalage', 'v.status', 'g.status', 'v.sort_order', 'v.id'])
    .orderBy('v.category')
    .orderBy('v.sort_order')
    .orderBy('v.id')
    .execute();
}
