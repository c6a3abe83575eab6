import type { GameClassify, GameItem, getGameList, MenuVendor, VendorCard, VendorLane } from '@tessera/contract/api/catalogue';
import { HOT_GAMES_LIMIT } from '@tessera/contract/api/catalogue';
import {
  type GameCategory,
  LOTTERY_CATEGORIES,
  type VendorOpenMode,
  type VisibleStatus,
} from '@tessera/contract/catalogue/categories';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { nameIn } from './names.js';
import * as repo from './repo.js';

type GameListQuery = Static<NonNullable<(typeof getGameList)['querystring']>>;

/** Lottery menus list their games; a vendor with more than this is not a lottery menu any more. */
const MENU_GAMES_LIMIT = 500;

/** `%`, `_` and the escape character itself are literal in a player's search text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const visibleStatus = (...statuses: string[]): VisibleStatus => (statuses.includes('maintenance') ? 'maintenance' : 'active');

function toCard(row: repo.VendorRow): VendorCard {
  return {
    vassalage: row.vassalage,
    gameType: row.category as GameCategory,
    displayName: row.display_name,
    icon: row.icon,
    largeIcon: row.large_icon,
    isHot: row.is_hot,
    isGame: row.open_mode as VendorOpenMode,
    accountTypeName: row.account_type_name,
    status: visibleStatus(row.status),
  };
}

function toGameItem(row: repo.GameRow, language: string): GameItem {
  return {
    nodeId: Number(row.id),
    gameId: row.game_code,
    gameName: nameIn(row.names, language),
    iconUrl: row.icon,
    vassalage: row.vassalage,
    gameType: row.category as GameCategory,
    displayName: row.vendor_name,
    classify: row.classify_key,
    isHot: row.is_hot,
    // A vendor in maintenance takes all its games with it.
    status: visibleStatus(row.status, row.vendor_status),
    defaultPlayType: row.default_play_type,
  };
}

/** Sums per-vendor class counts into one list per group, in the class's sort order. */
function classifyLists(
  rows: repo.ClassifyCountRow[],
  groupOf: (vendorId: bigint) => string | undefined,
  language: string,
): Map<string, GameClassify[]> {
  const byGroup = new Map<string, Map<string, { item: GameClassify; sortOrder: number }>>();
  for (const row of rows) {
    const group = groupOf(row.vendor_id);
    if (group === undefined) continue;
    const classes = byGroup.get(group) ?? new Map();
    byGroup.set(group, classes);
    const entry = classes.get(row.key) ?? {
      item: { key: row.key, displayName: nameIn(row.names, language), gameCount: 0 },
      sortOrder: row.sort_order,
    };
    entry.item.gameCount += Number(row.game_count);
    classes.set(row.key, entry);
  }
  return new Map(
    [...byGroup].map(([group, classes]) => [
      group,
      [...classes.values()]
        .sort((a, b) => a.sortOrder - b.sortOrder || a.item.key.localeCompare(b.item.key))
        .map((entry) => entry.item),
    ]),
  );
}

/** Vendors grouped by category, in order, keeping only categories with at least one active vendor (spec §2.2). */
function visibleCategories(vendors: repo.VisibleVendorRow[]): Map<GameCategory, repo.VisibleVendorRow[]> {
  const byCategory = new Map<GameCategory, repo.VisibleVendorRow[]>();
  for (const vendor of vendors) {
    const category = vendor.category as GameCategory;
    byCategory.set(category, [...(byCategory.get(category) ?? []), vendor]);
  }
  for (const [category, list] of byCategory) {
    if (!list.some((vendor) => vendor.status === 'active')) byCategory.delete(category);
  }
  return byCategory;
}

/** The catalogue as a visitor browses it. Every read is scoped to one merchant. */
export class CatalogueService {
  constructor(private readonly db: Kysely<Database>) {}

  async lanes(merchantCode: string, language: string): Promise<VendorLane[]> {
    const [vendors, counts] = await Promise.all([
      repo.selectVisibleVendors(this.db, merchantCode),
      repo.selectClassifyCounts(this.db, merchantCode),
    ]);
    const categories = visibleCategories(vendors);
    const categoryOfVendor = new Map(vendors.map((vendor) => [vendor.id, vendor.category]));
    const classes = classifyLists(counts, (id) => categoryOfVendor.get(id), language);
    return [...categories].map(([category, list]) => ({
      title: category,
      cards: list.map(toCard),
      gameClassify: classes.get(category) ?? [],
    }));
  }

  async menus(
    merchantCode: string,
    language: string,
    filter: { gameType?: GameCategory | undefined; vassalage?: string | undefined },
  ): Promise<{ gameType: GameCategory; vendors: MenuVendor[] }[]> {
    const [vendors, counts] = await Promise.all([
      repo.selectVisibleVendors(this.db, merchantCode),
      repo.selectClassifyCounts(this.db, merchantCode, filter.vassalage),
    ]);
    const gameCounts = new Map<bigint, number>();
    for (const row of counts) gameCounts.set(row.vendor_id, (gameCounts.get(row.vendor_id) ?? 0) + Number(row.game_count));

    const menus: { gameType: GameCategory; vendors: MenuVendor[] }[] = [];
    for (const [category, list] of visibleCategories(vendors)) {
      if (filter.gameType !== undefined && category !== filter.gameType) continue;
      const chosen = list.filter((vendor) => filter.vassalage === undefined || vendor.vassalage === filter.vassalage);
      if (chosen.length === 0) continue;
      const isLottery = (LOTTERY_CATEGORIES as readonly string[]).includes(category);
      const menuVendors = await Promise.all(
        chosen.map(async (vendor) => ({
          vassalage: vendor.vassalage,
          displayName: vendor.display_name,
          icon: vendor.icon,
          isHot: vendor.is_hot,
          accountTypeName: vendor.account_type_name,
          status: visibleStatus(vendor.status),
          gameCount: gameCounts.get(vendor.id) ?? 0,
          games: isLottery
            ? (await repo.selectGamePage(this.db, merchantCode, { vassalage: vendor.vassalage }, 0, MENU_GAMES_LIMIT)).map(
                (row) => toGameItem(row, language),
              )
            : [],
        })),
      );
      menus.push({ gameType: category, vendors: menuVendors });
    }
    return menus;
  }

  async hotGames(merchantCode: string, language: string, vassalage: string | undefined): Promise<GameItem[]> {
    const rows = await repo.selectGamePage(this.db, merchantCode, { vassalage, hotOnly: true }, 0, HOT_GAMES_LIMIT);
    return rows.map((row) => toGameItem(row, language));
  }

  async gameList(merchantCode: string, language: string, query: GameListQuery) {
    const search = query.name?.trim();
    const filter: repo.GameFilter = {
      vassalage: query.vassalage,
      categories: query.gameType === undefined ? undefined : [query.gameType],
      classify: query.classify,
      namePattern: search ? `%${escapeLike(search)}%` : undefined,
    };
    const offset = (query.pageNo - 1) * query.pageSize;
    const [total, rows] = await Promise.all([
      repo.countGames(this.db, merchantCode, filter),
      repo.selectGamePage(this.db, merchantCode, filter, offset, query.pageSize),
    ]);
    return {
      content: rows.map((row) => toGameItem(row, language)),
      pageNum: query.pageNo,
      pageSize: query.pageSize,
      totalPages: Math.ceil(total / query.pageSize),
      total,
    };
  }

  /** Games a player can find in one category (vendor retired or category disabled: not counted). */
  countGames(merchantCode: string, category: string): Promise<number> {
    return repo.countGames(this.db, merchantCode, { categories: [category] });
  }

  async vendorClassifies(merchantCode: string, language: string, vassalage: string): Promise<GameClassify[]> {
    const counts = await repo.selectClassifyCounts(this.db, merchantCode, vassalage);
    return classifyLists(counts, () => vassalage, language).get(vassalage) ?? [];
  }

  /** The visible games among `ids` (retired or foreign ones are left out), by id, for the member's own lists. */
  /** `db` is a caller's transaction when the answer must agree with what it has locked. */
  async gamesById(
    merchantCode: string,
    language: string,
    ids: readonly bigint[],
    db: Kysely<Database> = this.db,
  ): Promise<Map<bigint, GameItem>> {
    if (ids.length === 0) return new Map();
    const rows = await repo.selectGamePage(db, merchantCode, { ids }, 0, ids.length);
    return new Map(rows.map((row) => [row.id, toGameItem(row, language)]));
  }

  /** Spec §9: the lottery page asks for 20; prize mode Elott means the electronic lottery, the others the lotteries. */
  async popular(merchantCode: string, language: string, count: number, prizeMode: string | undefined): Promise<GameItem[]> {
    const categories = prizeMode === undefined ? LOTTERY_CATEGORIES : prizeMode === 'Elott' ? ['ELOTT'] : ['LOTT'];
    const rows = await repo.selectPopularGames(this.db, merchantCode, categories, count);
    return rows.map((row) => toGameItem(row, language));
  }
}
