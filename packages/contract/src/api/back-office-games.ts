import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { CATALOGUE_STATUSES, GAME_CATEGORIES, GAME_ID_PATTERN, VASSALAGE_PATTERN } from '../catalogue/categories.js';
import * as routes from '../routes/back-office-games.js';
import { type CallRoute, defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { MinorAmount } from './money.js';
import { RowId } from './row-id.js';

/**
 * The back office's games screen: vendors and games on, in maintenance or off (`retired`), their order and hot
 * flags, through the catalogue's own operations (the ones `npm run admin -- catalogue …` runs); and the house
 * lottery's draws, voided with a reason through the lottery service the CLI's `lottery void-draw` calls.
 */

const TAGS = ['back-office'];
const bypassesGate = true;

const PageNumber = Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 }));
const PageSize = Type.Optional(Type.Enum(routes.GAMES_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 }));
const Order = Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }));
const Csv = Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() });
const Vassalage = Type.String({ pattern: VASSALAGE_PATTERN, description: 'Vendor code, e.g. TS_ELOTT' });
const GameId = Type.String({ pattern: GAME_ID_PATTERN, description: 'Game code within its vendor' });
const Status = Type.Enum(CATALOGUE_STATUSES, { description: 'active (on), maintenance, or retired (off)' });
const SortOrder = Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Lower first' });
const Search = Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '\\S', description: 'Part of a code or name' }));

/** The most rows one export holds. */
export const GAMES_EXPORT_MAX = 10000;

/** A table's two reads under one filter: a page of it, sorted and paged on the server, and all of it as CSV text. */
const tableCalls = <List extends CallRoute, Export extends CallRoute, Filter extends TProperties, Page extends TSchema>(
  list: List,
  csv: Export,
  { rows, summary, filter, page }: { rows: string; summary: string; filter: Filter; page: Page },
) => ({
  list: defineCall(list, {
    tags: TAGS,
    bypassesGate,
    summary,
    querystring: Type.Object({ ...filter, page: PageNumber, pageSize: PageSize }, { additionalProperties: false }),
    value: page,
  }),
  export: defineCall(csv, {
    tags: TAGS,
    bypassesGate,
    summary: `The filtered ${rows} as CSV text (up to ${GAMES_EXPORT_MAX} rows)`,
    querystring: Type.Object(filter, { additionalProperties: false }),
    value: Csv,
  }),
});

export const AdminVendor = Type.Object({
  vassalage: Type.String(),
  displayName: Type.String(),
  category: Type.String(),
  status: Status,
  sortOrder: Type.Integer(),
  hot: Type.Boolean(),
  games: Type.Integer({ minimum: 0, description: 'How many games it has, any status' }),
  updatedAt: EpochMs('Last change'),
});
export type AdminVendor = Static<typeof AdminVendor>;

const VendorFilter = {
  category: Type.Optional(Type.Enum(GAME_CATEGORIES)),
  status: Type.Optional(Status),
  search: Search,
  sort: Type.Optional(Type.Enum(routes.VENDOR_SORTS, { default: 'order' })),
  order: Order,
};

const vendorCalls = tableCalls(routes.vendorList, routes.vendorExport, {
  rows: 'vendors',
  summary: "The merchant's vendors of every status, filtered, sorted and paged on the server",
  filter: VendorFilter,
  page: Type.Object({ items: Type.Array(AdminVendor), total: Type.Integer({ minimum: 0 }) }),
});
export const vendorList = vendorCalls.list;
export const vendorExport = vendorCalls.export;

/** What a change may set; what it leaves out stays as it is. */
const Change = {
  status: Type.Optional(Status),
  sortOrder: Type.Optional(SortOrder),
  hot: Type.Optional(Type.Boolean()),
};

export const vendorUpdate = defineCall(routes.vendorUpdate, {
  tags: TAGS,
  bypassesGate,
  summary: "Change a vendor's status, order or hot flag (the player site shows it on its next request)",
  body: Type.Object({ vassalage: Vassalage, ...Change }, { additionalProperties: false }),
  value: AdminVendor,
});

export const AdminGame = Type.Object({
  vassalage: Type.String(),
  gameCode: Type.String(),
  name: Type.String({ description: 'The English name, or the first one it has' }),
  category: Type.String(),
  status: Status,
  vendorStatus: Status,
  sortOrder: Type.Integer(),
  hot: Type.Boolean(),
  popularity: Type.Integer(),
  updatedAt: EpochMs('Last change'),
});
export type AdminGame = Static<typeof AdminGame>;

const GameFilter = {
  vassalage: Type.Optional(Vassalage),
  status: Type.Optional(Status),
  hot: Type.Optional(Type.Boolean()),
  search: Search,
  sort: Type.Optional(Type.Enum(routes.GAME_SORTS, { default: 'order' })),
  order: Order,
};

const gameCalls = tableCalls(routes.gameList, routes.gameExport, {
  rows: 'games',
  summary: "The merchant's games of every status, filtered, sorted and paged on the server",
  filter: GameFilter,
  page: Type.Object({ items: Type.Array(AdminGame), total: Type.Integer({ minimum: 0 }) }),
});
export const gameList = gameCalls.list;
export const gameExport = gameCalls.export;

export const gameUpdate = defineCall(routes.gameUpdate, {
  tags: TAGS,
  bypassesGate,
  summary: "Change a game's status, order or hot flag (the player site shows it on its next request)",
  body: Type.Object({ vassalage: Vassalage, gameCode: GameId, ...Change }, { additionalProperties: false }),
  value: AdminGame,
});

export const AdminDraw = Type.Object({
  id: RowId,
  gameCode: Type.String(),
  numero: Type.String({ description: 'The draw number players see' }),
  drawAt: EpochMs('When it is drawn'),
  closeAt: EpochMs('Last moment to buy'),
  status: Type.Enum(routes.DRAW_STATUSES),
  result: Type.Union([Type.Unknown({ description: 'The numbers drawn, as the game shows them' }), Type.Null()]),
  tickets: Type.Integer({ minimum: 0 }),
  winners: Type.Integer({ minimum: 0 }),
  payoutTotal: MinorAmount,
});
export type AdminDraw = Static<typeof AdminDraw>;

const DrawFilter = {
  gameCode: Type.Optional(Type.String({ pattern: GAME_ID_PATTERN })),
  status: Type.Optional(Type.Enum(routes.DRAW_STATUSES)),
  from: Type.Optional(EpochMs('Draws at or after this time')),
  to: Type.Optional(EpochMs('Draws before this time')),
  sort: Type.Optional(Type.Enum(routes.DRAW_SORTS, { default: 'draw-desc' })),
};

const drawCalls = tableCalls(routes.drawList, routes.drawExport, {
  rows: 'draws',
  summary: "The house lottery's draws, past and scheduled, of every merchant, filtered and paged on the server",
  filter: DrawFilter,
  page: Type.Object({
    items: Type.Array(AdminDraw),
    total: Type.Integer({ minimum: 0 }),
    games: Type.Array(Type.String(), { description: 'Every house lottery game, for the filter' }),
  }),
});
export const drawList = drawCalls.list;
export const drawExport = drawCalls.export;

/** Why a draw is voided: kept in the audit log and in every refund's ledger memo. */
export const VOID_REASON_MAX = 200;

export const drawVoid = defineCall(routes.drawVoid, {
  tags: TAGS,
  bypassesGate,
  summary: 'Void a draw not yet drawn: every slip refunded, every ticket void; refused once drawn',
  body: Type.Object(
    {
      id: RowId,
      reason: Type.String({ minLength: 3, maxLength: VOID_REASON_MAX, pattern: '\\S', description: 'Why, for the record' }),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({ refundedSlips: Type.Integer({ minimum: 0 }), draw: AdminDraw }),
});
