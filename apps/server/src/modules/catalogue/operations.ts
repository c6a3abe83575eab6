import type { CatalogueStatus } from '@tessera/contract/catalogue/categories';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CatalogueChange } from './admin-repo.js';
import * as adminRepo from './admin-repo.js';
import * as repo from './repo.js';

/** An operator request that names nothing, or more than one thing. */
export class CatalogueTargetRefused extends Error {}

/**
 * Sets the status of a vendor (by vassalage) or of a game (by game code, or `VASSALAGE/gameId` when the same
 * code exists under several vendors). A vassalage wins over a game code of the same spelling.
 * Returns a one-line description of what changed.
 */
export async function setCatalogueStatus(
  db: Kysely<Database>,
  merchantCode: string,
  target: string,
  status: CatalogueStatus,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const slash = target.indexOf('/');
    if (slash < 0 && (await changeVendor(trx, merchantCode, target, { status }))) {
      return `vendor ${target} is now ${status}`;
    }
    const games =
      slash < 0
        ? await repo.selectGamesByCode(trx, merchantCode, target)
        : await repo.selectGamesByCode(trx, merchantCode, target.slice(slash + 1), target.slice(0, slash));
    if (games.length === 0) throw new CatalogueTargetRefused(`no vendor or game ${target} in merchant ${merchantCode}`);
    if (games.length > 1) {
      const names = games.map((game) => `${game.vassalage}/${game.game_code}`).join(', ');
      throw new CatalogueTargetRefused(`game code ${target} exists under several vendors; name one of: ${names}`);
    }
    const [game] = games as [repo.GameKeyRow];
    await changeGame(trx, merchantCode, game.vassalage, game.game_code, { status });
    return `game ${game.vassalage}/${game.game_code} is now ${status}`;
  });
}

/**
 * Changes a vendor's status, order or hot flag in the caller's transaction, under the merchant's catalogue lock
 * (imports and other changes wait); answers the vendor before and after, or undefined when there is no such vendor.
 * The catalogue's triggers announce the write, so every instance drops its cached copies.
 */
export async function changeVendor(trx: Kysely<Database>, merchantCode: string, vassalage: string, change: CatalogueChange) {
  await repo.lockCatalogue(trx, merchantCode);
  const before = await adminRepo.selectAdminVendor(trx, merchantCode, vassalage);
  if (!before) return undefined;
  await adminRepo.updateVendor(trx, before.id, change);
  const after = await adminRepo.selectAdminVendor(trx, merchantCode, vassalage);
  if (!after) throw new Error('a vendor changed under the catalogue lock is gone');
  return { before, after };
}

/** As `changeVendor`, for one game of one vendor. */
export async function changeGame(
  trx: Kysely<Database>,
  merchantCode: string,
  vassalage: string,
  gameCode: string,
  change: CatalogueChange,
) {
  await repo.lockCatalogue(trx, merchantCode);
  const before = await adminRepo.selectAdminGame(trx, merchantCode, vassalage, gameCode);
  if (!before) return undefined;
  await adminRepo.updateGameFlags(trx, before.id, change);
  const after = await adminRepo.selectAdminGame(trx, merchantCode, vassalage, gameCode);
  if (!after) throw new Error('a game changed under the catalogue lock is gone');
  return { before, after };
}

export interface VendorCount {
  category: string;
  vassalage: string;
  status: string;
  games: Record<string, number>;
}

/** Games per vendor and status, vendors grouped by category (for `catalogue show`). */
export async function catalogueCounts(db: Kysely<Database>, merchantCode: string): Promise<VendorCount[]> {
  const [categories, rows] = await Promise.all([
    repo.selectCategories(db, merchantCode),
    repo.selectCatalogueCounts(db, merchantCode),
  ]);
  const order = new Map(categories.map((category, index) => [category.code, index]));
  const byVendor = new Map<string, VendorCount>();
  for (const row of rows) {
    const vendor = byVendor.get(row.vassalage) ?? {
      category: row.category,
      vassalage: row.vassalage,
      status: row.vendor_status,
      games: {},
    };
    if (row.game_status !== null) vendor.games[row.game_status] = Number(row.games);
    byVendor.set(row.vassalage, vendor);
  }
  return [...byVendor.values()].sort((a, b) => (order.get(a.category) ?? 99) - (order.get(b.category) ?? 99));
}

export const categoryList = (db: Kysely<Database>, merchantCode: string) => repo.selectCategories(db, merchantCode);
