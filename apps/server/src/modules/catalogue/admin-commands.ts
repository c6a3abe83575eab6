import fs from 'node:fs';
import { CATALOGUE_STATUSES, type CatalogueStatus } from '@tessera/contract/catalogue/categories';
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AdminIo, AdminRefusal } from '../../platform/admin-io.js';
import { parseInteger, parseSwitch } from '../../platform/admin-parsers.js';
import { actorFromName } from '../audit-log/service.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import type { CatalogueChange } from './admin-repo.js';
import type { CatalogueAdminService } from './admin-service.js';
import { CatalogueImportRejected, type ImportCounts, importCatalogue } from './import.js';
import { CatalogueTargetRefused, catalogueCounts, categoryList, setCatalogueStatus } from './operations.js';

const parseStatus = (raw: string): CatalogueStatus => {
  if (!(CATALOGUE_STATUSES as readonly string[]).includes(raw))
    throw new AdminRefusal(`unknown status ${raw}; expected one of ${CATALOGUE_STATUSES.join(', ')}`);
  return raw as CatalogueStatus;
};

/** The largest order the back office accepts (contract back-office-games SortOrder). */
const SORT_ORDER_MAX = 1_000_000;

const parseSortOrder = (raw: string): number => {
  const order = parseInteger(raw);
  if (order > SORT_ORDER_MAX) throw new AdminRefusal(`order must be at most ${SORT_ORDER_MAX}`);
  return order;
};

const describeCounts = (counts: ImportCounts) =>
  `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`;

/** catalogue import / show / set-status / set-order / set-hot (see modules/catalogue/README.md for the file format). */
export function registerCatalogueCommands(
  program: Command,
  { print, target, resolvePath }: AdminIo,
  {
    db,
    siteSettings: settings,
    catalogueAdmin,
  }: { db: Kysely<Database>; siteSettings: SiteSettingsService; catalogueAdmin: CatalogueAdminService },
) {
  const catalogue = program.command('catalogue').description('the game catalogue: categories, vendors, games');

  const knownMerchant = async () => {
    const { merchant } = target();
    if (!(await settings.get(merchant, 0))) throw new AdminRefusal(`unknown merchant ${merchant}`);
    return merchant;
  };

  catalogue
    .command('import <file>')
    .description('create or update categories, classes, vendors and games from a JSON file, all or nothing')
    .action(async (file: string) => {
      const merchant = await knownMerchant();
      let input: unknown;
      try {
        input = JSON.parse(fs.readFileSync(resolvePath(file), 'utf8'));
      } catch (error) {
        throw new AdminRefusal(`cannot read ${file}: ${(error as Error).message}`);
      }
      try {
        const summary = await importCatalogue(db, merchant, input);
        print(`imported ${file} into ${merchant}`);
        for (const [section, counts] of Object.entries(summary)) print(`  ${section}: ${describeCounts(counts)}`);
      } catch (error) {
        if (!(error instanceof CatalogueImportRejected)) throw error;
        for (const problem of error.problems) print(problem);
        throw new AdminRefusal(error.message);
      }
    });

  catalogue
    .command('show')
    .description('categories in navigation order with their vendors and game counts by status')
    .action(async () => {
      const merchant = await knownMerchant();
      const [categories, vendors] = await Promise.all([categoryList(db, merchant), catalogueCounts(db, merchant)]);
      print(`catalogue of ${merchant}`);
      for (const category of categories) {
        const own = vendors.filter((vendor) => vendor.category === category.code);
        const shown = category.enabled && own.some((vendor) => vendor.status === 'active');
        print(
          `${category.code} (order ${category.sort_order}${category.enabled ? '' : ', disabled'}): ${own.length} vendor${own.length === 1 ? '' : 's'}, ${shown ? 'shown' : 'hidden'}`,
        );
        for (const vendor of own) {
          const games = Object.entries(vendor.games).map(([status, count]) => `${count} ${status}`);
          print(`  ${vendor.vassalage} [${vendor.status}] games: ${games.length ? games.join(', ') : 'none'}`);
        }
      }
    });

  catalogue
    .command('set-status <target> <status>')
    .description(`set a vendor (vassalage) or a game (gameId or VASSALAGE/gameId) to ${CATALOGUE_STATUSES.join('|')}`)
    .action(async (name: string, raw: string) => {
      const status = parseStatus(raw);
      const merchant = await knownMerchant();
      try {
        print(await setCatalogueStatus(db, merchant, name, status));
      } catch (error) {
        if (error instanceof CatalogueTargetRefused) throw new AdminRefusal(error.message);
        throw error;
      }
    });

  /** A vendor (VASSALAGE) or one of its games (VASSALAGE/gameId) changed as the back office's games screen does it. */
  const changeTarget = async (name: string, change: CatalogueChange) => {
    const merchant = await knownMerchant();
    const by = actorFromName(target().actor);
    const [vassalage = '', gameCode, ...rest] = name.split('/');
    if (!vassalage || gameCode === '' || rest.length > 0)
      throw new AdminRefusal(`expected a vendor (VASSALAGE) or a game (VASSALAGE/gameId), got "${name}"`);
    const after =
      gameCode === undefined
        ? await catalogueAdmin.updateVendor(merchant, vassalage, change, by)
        : await catalogueAdmin.updateGame(merchant, vassalage, gameCode, change, by);
    print(`${name}: order ${after.sort_order}, ${after.is_hot ? 'hot' : 'not hot'}, ${after.status}`);
  };

  catalogue
    .command('set-order <target> <order>')
    .description('set the place of a vendor (VASSALAGE) or a game (VASSALAGE/gameId) in its lists: lower first')
    .action((name: string, raw: string) => changeTarget(name, { sortOrder: parseSortOrder(raw) }));

  catalogue
    .command('set-hot <target> <on|off>')
    .description("mark a vendor (VASSALAGE) or a game (VASSALAGE/gameId) hot, or not: hot games fill the lobby's hot list")
    .action((name: string, raw: string) => changeTarget(name, { hot: parseSwitch(raw) }));
}
