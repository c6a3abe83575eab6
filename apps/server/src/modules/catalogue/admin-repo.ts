import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { escapeLike } from './service.js';

type Db = Kysely<Database>;

/** A vendor as the back office lists it: every status, with how many games it has. */
export interface AdminVendorRow {
  id: bigint;
  vassalage: string;
  display_name: string;
  category: string;
  status: string;
  sort_order: number;
  is_hot: boolean;
  games: number;
  updated_at: Date;
}

export interface AdminVendorFilter {
  category?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
  sort: 'order' | 'name' | 'status';
  order: 'asc' | 'desc';
}

function vendorQuery(db: Db, merchantCode: string, filter: Omit<AdminVendorFilter, 'sort' | 'order'>) {
  let query = db.selectFrom('catalogue_vendors as v').where('v.merchant_code', '=', merchantCode);
  if (filter.category) query = query.where('v.category', '=', filter.category);
  if (filter.status) query = query.where('v.status', '=', filter.status);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(v.vassalage)`, 'like', pattern), eb(sql`lower(v.display_name)`, 'like', pattern)]),
    );
  }
  return query;
}

const VENDOR_SORT = { order: 'v.sort_order', name: 'v.display_name', status: 'v.status' } as const;

function selectVendorColumns(query: ReturnType<typeof vendorQuery>) {
  return query.select([
    'v.id',
    'v.vassalage',
    'v.display_name',
    'v.category',
    'v.status',
    'v.sort_order',
    'v.is_hot',
    'v.updated_at',
    (eb) =>
      eb
        .selectFrom('catalogue_games as g')
        .whereRef('g.vendor_id', '=', 'v.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('games'),
  ]);
}

export function selectAdminVendors(db: Db, merchantCode: string, filter: AdminVendorFilter, offset: number, limit: number) {
  return selectVendorColumns(vendorQuery(db, merchantCode, filter))
    .orderBy(VENDOR_SORT[filter.sort], filter.order)
    .orderBy('v.vassalage')
    .offset(offset)
    .limit(limit)
    .execute() as Promise<AdminVendorRow[]>;
}

export async function countAdminVendors(db: Db, merchantCode: string, filter: AdminVendorFilter): Promise<number> {
  const row = await vendorQuery(db, merchantCode, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export function selectAdminVendor(db: Db, merchantCode: string, vassalage: string): Promise<AdminVendorRow | undefined> {
  return selectVendorColumns(
    vendorQuery(db, merchantCode, {}).where('v.vassalage', '=', vassalage),
  ).executeTakeFirst() as Promise<AdminVendorRow | undefined>;
}

/** A game as the back office lists it: every status, with its vendor's. */
export interface AdminGameRow {
  id: bigint;
  vassalage: string;
  game_code: string;
  names: unknown;
  category: string;
  status: string;
  vendor_status: string;
  sort_order: number;
  is_hot: boolean;
  popularity: number;
  updated_at: Date;
}

export interface AdminGameFilter {
  vassalage?: string | undefined;
  status?: string | undefined;
  hot?: boolean | undefined;
  search?: string | undefined;
  sort: 'order' | 'name' | 'popularity' | 'status';
  order: 'asc' | 'desc';
}

function gameQuery(db: Db, merchantCode: string, filter: Omit<AdminGameFilter, 'sort' | 'order'>) {
  let query = db
    .selectFrom('catalogue_games as g')
    .innerJoin('catalogue_vendors as v', 'v.id', 'g.vendor_id')
    .where('g.merchant_code', '=', merchantCode);
  if (filter.vassalage) query = query.where('v.vassalage', '=', filter.vassalage);
  if (filter.status) query = query.where('g.status', '=', filter.status);
  if (filter.hot !== undefined) query = query.where('g.is_hot', '=', filter.hot);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(g.game_code)`, 'like', pattern), eb('g.search_name', 'like', pattern)]));
  }
  return query;
}

const GAME_SORT = { order: 'g.sort_order', name: 'g.search_name', popularity: 'g.popularity', status: 'g.status' } as const;

function selectGameColumns(query: ReturnType<typeof gameQuery>) {
  return query.select([
    'g.id',
    'v.vassalage',
    'g.game_code',
    'g.names',
    'v.category',
    'g.status',
    'v.status as vendor_status',
    'g.sort_order',
    'g.is_hot',
    'g.popularity',
    'g.updated_at',
  ]);
}

export function selectAdminGames(
  db: Db,
  merchantCode: string,
  filter: AdminGameFilter,
  offset: number,
  limit: number,
): Promise<AdminGameRow[]> {
  return selectGameColumns(gameQuery(db, merchantCode, filter))
    .orderBy(GAME_SORT[filter.sort], filter.order)
    .orderBy('v.vassalage')
    .orderBy('g.game_code')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countAdminGames(db: Db, merchantCode: string, filter: AdminGameFilter): Promise<number> {
  const row = await gameQuery(db, merchantCode, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export function selectAdminGame(db: Db, merchantCode: string, vassalage: string, gameCode: string) {
  return selectGameColumns(gameQuery(db, merchantCode, { vassalage }).where('g.game_code', '=', gameCode)).executeTakeFirst();
}

export interface CatalogueChange {
  status?: string | undefined;
  sortOrder?: number | undefined;
  hot?: boolean | undefined;
}

const columnsOf = (change: CatalogueChange) => ({
  ...(change.status === undefined ? {} : { status: change.status }),
  ...(change.sortOrder === undefined ? {} : { sort_order: change.sortOrder }),
  ...(change.hot === undefined ? {} : { is_hot: change.hot }),
  updated_at: new Date(),
});

export async function updateVendor(trx: Db, id: bigint, change: CatalogueChange): Promise<void> {
  await trx.updateTable('catalogue_vendors').set(columnsOf(change)).where('id', '=', id).execute();
}

export async function updateGameFlags(trx: Db, id: bigint, change: CatalogueChange): Promise<void> {
  await trx.updateTable('catalogue_games').set(columnsOf(change)).where('id', '=', id).execute();
}
