import { GAME_CATEGORIES } from '@tessera/contract/catalogue/categories';
import { CatalogueImportFile, type ImportGame, type ImportVendor } from '@tessera/contract/catalogue/import-file';
import type { Kysely } from 'kysely';
import { Compile } from 'typebox/compile';
import type { Database } from '../../db/schema.js';
import * as repo from './repo.js';

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}
export type ImportSummary = Record<'categories' | 'classifies' | 'vendors' | 'games', ImportCounts>;

/** A file that cannot be imported: every problem, each prefixed with the JSON pointer of the offending value. */
export class CatalogueImportRejected extends Error {
  constructor(readonly problems: string[]) {
    super(`catalogue file rejected (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was changed`);
  }
}

const fileChecker = Compile(CatalogueImportFile);
const MAX_REPORTED_PROBLEMS = 200;

const newCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0 });
/** jsonb reorders object keys, so names compare by content, not by the order they were written in. */
const canonical = (names: unknown) => JSON.stringify(Object.entries(names as Record<string, string>).sort());
const searchName = (names: Record<string, string>) => Object.values(names).join('\n').toLowerCase();
const defaultSortOrder = (code: string) => (GAME_CATEGORIES as readonly string[]).indexOf(code) * 10;

/** TypeBox reports an unknown field twice (on the object and on the field): keep the one that names the field. */
function schemaProblems(input: unknown): string[] {
  return fileChecker
    .Errors(input)
    .filter((error) => error.keyword !== 'additionalProperties')
    .map((error) =>
      error.keyword === 'boolean' ? `${error.instancePath}: unknown field` : `${error.instancePath || '/'}: ${error.message}`,
    );
}

/** Duplicate natural keys inside the file: the second occurrence is the problem, pointing at the first. */
function duplicateProblems<T>(items: T[] | undefined, section: string, field: string, keyOf: (item: T) => string): string[] {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  (items ?? []).forEach((item, index) => {
    const key = keyOf(item);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else problems.push(`/${section}/${index}/${field}: duplicate ${key} (first at /${section}/${first})`);
  });
  return problems;
}

/**
 * Imports a catalogue file for one merchant in ONE transaction: rows are upserted by natural key, rows absent
 * from the file are left alone, and an invalid file (schema, duplicates, dangling references) changes nothing.
 * Writes only rows whose content differs, so importing the same file twice reports everything unchanged.
 * Throws CatalogueImportRejected listing every problem.
 */
export async function importCatalogue(db: Kysely<Database>, merchantCode: string, input: unknown): Promise<ImportSummary> {
  const shapeProblems = schemaProblems(input);
  if (shapeProblems.length) throw new CatalogueImportRejected(shapeProblems.slice(0, MAX_REPORTED_PROBLEMS));
  const file = input as CatalogueImportFile;
  const categories = file.categories ?? [];
  const classifies = file.classifies ?? [];
  const vendors = file.vendors ?? [];
  const games = file.games ?? [];
  const duplicates = [
    ...duplicateProblems(categories, 'categories', 'code', (item) => item.code),
    ...duplicateProblems(classifies, 'classifies', 'key', (item) => item.key),
    ...duplicateProblems(vendors, 'vendors', 'vassalage', (item) => item.vassalage),
    ...duplicateProblems(games, 'games', 'gameId', (item) => `${item.vassalage}/${item.gameId}`),
  ];
  if (duplicates.length) throw new CatalogueImportRejected(duplicates.slice(0, MAX_REPORTED_PROBLEMS));

  return db.transaction().execute(async (trx) => {
    await repo.lockCatalogue(trx, merchantCode);
    const [storedCategories, storedClassifies, storedVendors, storedGames] = await Promise.all([
      repo.selectCategories(trx, merchantCode),
      repo.selectClassifies(trx, merchantCode),
      repo.selectVendors(trx, merchantCode),
      repo.selectGames(trx, merchantCode),
    ]);
    const vendorByKey = new Map(storedVendors.map((vendor) => [vendor.vassalage, vendor]));
    const classifyKeys = new Set([...storedClassifies.map((row) => row.key), ...classifies.map((row) => row.key)]);
    const vassalages = new Set([...vendorByKey.keys(), ...vendors.map((row) => row.vassalage)]);

    const references: string[] = [];
    games.forEach((game, index) => {
      if (!vassalages.has(game.vassalage))
        references.push(`/games/${index}/vassalage: unknown vendor ${game.vassalage} (not in the file or the catalogue)`);
      if (!classifyKeys.has(game.classify))
        references.push(`/games/${index}/classify: unknown class ${game.classify} (not in the file or the catalogue)`);
    });
    if (references.length) throw new CatalogueImportRejected(references.slice(0, MAX_REPORTED_PROBLEMS));

    const summary: ImportSummary = {
      categories: newCounts(),
      classifies: newCounts(),
      vendors: newCounts(),
      games: newCounts(),
    };

    // Categories: the file's rows, plus defaults for categories its vendors use that this merchant lacks.
    const categoryByCode = new Map(storedCategories.map((row) => [row.code, row]));
    const wantedCategories = new Map(categories.map((row) => [row.code, { sort_order: row.sortOrder, enabled: row.enabled }]));
    for (const vendor of vendors) {
      if (!wantedCategories.has(vendor.category) && !categoryByCode.has(vendor.category))
        wantedCategories.set(vendor.category, { sort_order: defaultSortOrder(vendor.category), enabled: true });
    }
    for (const [code, wanted] of wantedCategories) {
      const stored = categoryByCode.get(code);
      if (stored && stored.sort_order === wanted.sort_order && stored.enabled === wanted.enabled) {
        summary.categories.unchanged++;
        continue;
      }
      await repo.upsertCategory(trx, merchantCode, { code, ...wanted });
      summary.categories[stored ? 'updated' : 'created']++;
    }

    const classifyByKey = new Map(storedClassifies.map((row) => [row.key, row]));
    for (const classify of classifies) {
      const stored = classifyByKey.get(classify.key);
      if (stored && stored.sort_order === classify.sortOrder && canonical(stored.names) === canonical(classify.names)) {
        summary.classifies.unchanged++;
        continue;
      }
      await repo.upsertClassify(trx, merchantCode, { key: classify.key, names: classify.names, sort_order: classify.sortOrder });
      summary.classifies[stored ? 'updated' : 'created']++;
    }

    const vendorIds = new Map(storedVendors.map((vendor) => [vendor.vassalage, vendor.id]));
    for (const vendor of vendors) {
      const stored = vendorByKey.get(vendor.vassalage);
      const wanted = vendorWrite(vendor, stored?.status);
      if (stored && sameVendor(stored, wanted)) {
        summary.vendors.unchanged++;
        continue;
      }
      vendorIds.set(vendor.vassalage, await repo.upsertVendor(trx, merchantCode, wanted));
      summary.vendors[stored ? 'updated' : 'created']++;
    }

    const gameByKey = new Map(storedGames.map((game) => [`${game.vendor_id}/${game.game_code}`, game]));
    const creates: repo.GameWrite[] = [];
    for (const game of games) {
      const vendorId = vendorIds.get(game.vassalage)!;
      const stored = gameByKey.get(`${vendorId}/${game.gameId}`);
      const wanted = gameWrite(game, vendorId, stored?.status);
      if (!stored) {
        creates.push(wanted);
        summary.games.created++;
      } else if (sameGame(stored, wanted)) {
        summary.games.unchanged++;
      } else {
        await repo.updateGame(trx, stored.id, wanted);
        summary.games.updated++;
      }
    }
    await repo.insertGames(trx, merchantCode, creates);
    return summary;
  });
}

function vendorWrite(vendor: ImportVendor, storedStatus: string | undefined): repo.VendorWrite {
  return {
    vassalage: vendor.vassalage,
    display_name: vendor.displayName,
    category: vendor.category,
    account_type_name: vendor.accountTypeName,
    sort_order: vendor.sortOrder,
    is_hot: vendor.isHot,
    open_mode: vendor.isGame,
    status: vendor.status ?? storedStatus ?? 'active',
    icon: vendor.icon,
    large_icon: vendor.largeIcon ?? vendor.icon,
  };
}

function sameVendor(stored: repo.VendorRow, wanted: repo.VendorWrite): boolean {
  return (Object.keys(wanted) as (keyof repo.VendorWrite)[]).every((key) => stored[key] === wanted[key]);
}

function gameWrite(game: ImportGame, vendorId: bigint, storedStatus: string | undefined): repo.GameWrite {
  return {
    vendor_id: vendorId,
    game_code: game.gameId,
    names: game.names,
    search_name: searchName(game.names),
    classify_key: game.classify,
    icon: game.icon,
    is_hot: game.isHot,
    popularity: game.popularity,
    default_play_type: game.defaultPlayType ?? null,
    status: game.status ?? storedStatus ?? 'active',
    sort_order: game.sortOrder,
  };
}

function sameGame(stored: repo.StoredGameRow, wanted: repo.GameWrite): boolean {
  return (
    canonical(stored.names) === canonical(wanted.names) &&
    stored.classify_key === wanted.classify_key &&
    stored.icon === wanted.icon &&
    stored.is_hot === wanted.is_hot &&
    stored.popularity === wanted.popularity &&
    stored.default_play_type === wanted.default_play_type &&
    stored.status === wanted.status &&
    stored.sort_order === wanted.sort_order
  );
}
