import { type Static, Type } from 'typebox';
import * as routes from '../routes/back-office-reports.js';
import { defineCall } from './call.js';
import { EpochMs } from './epoch-ms.js';
import { MinorAmount } from './money.js';

/** The back office's dashboard and reports: GGR, deposits and withdrawals, player P&L and active players. */

const TAGS = ['back-office'];
const bypassesGate = true;

const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'A day (YYYY-MM-DD) in the report time zone' });
const MerchantCode = Type.String({ pattern: '^[A-Za-z0-9_]{2,32}$' });

/**
 * The currency the amounts are in: the chosen merchant's, or every merchant's when they all use one; null when the
 * merchants summed use different currencies (the screen then asks for one merchant).
 */
export const ReportCurrency = Type.Union([
  Type.Object({ code: Type.String(), symbol: Type.String(), minorDigits: Type.Integer({ minimum: 0, maximum: 4 }) }),
  Type.Null(),
]);
export type ReportCurrency = Static<typeof ReportCurrency>;

export const Figures = Type.Object({
  bets: Count,
  stake: Type.Intersect([MinorAmount], { description: 'Real-money stakes, refunded bets taken off' }),
  payout: Type.Intersect([MinorAmount], { description: 'Wins paid' }),
  ggr: Type.Intersect([MinorAmount], { description: 'Gross gaming revenue: stake − payout' }),
  deposits: Count,
  depositAmount: MinorAmount,
  withdrawals: Count,
  withdrawalAmount: MinorAmount,
  signUps: Count,
  firstDepositors: Count,
  activePlayers: Count,
});
export type Figures = Static<typeof Figures>;

export const dashboard = defineCall(routes.dashboard, {
  tags: TAGS,
  bypassesGate,
  summary: 'Today, 7 or 30 days: totals, one row per day for the charts, and the deposit and withdrawal requests waiting',
  querystring: Type.Object(
    {
      period: Type.Optional(Type.Enum(routes.DASHBOARD_PERIODS, { default: 'today' })),
      merchant: Type.Optional(MerchantCode),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({
    fromDay: Day,
    toDay: Day,
    timeZone: Type.String(),
    totals: Figures,
    days: Type.Array(Type.Intersect([Type.Object({ day: Day }), Figures])),
    openRequests: Type.Object({ deposits: Count, withdrawals: Count }),
    merchants: Type.Array(Type.String()),
    currency: ReportCurrency,
    asOf: EpochMs('When the figures were read'),
  }),
});

const ReportFilter = {
  from: Day,
  to: Type.Intersect([Day], { description: 'Inclusive' }),
  groupBy: Type.Enum(routes.REPORT_GROUPINGS),
  merchant: Type.Optional(MerchantCode),
  vendor: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' })),
  game: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' })),
  player: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A player account (grouping by player)' })),
  sort: Type.Optional(Type.Enum(routes.REPORT_SORTS, { default: 'key' })),
  order: Type.Optional(Type.Enum(['asc', 'desc'] as const, { default: 'asc' })),
};

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReportRow = Type.Object({
  key: Type.String({ description: 'The group: a day, a merchant code, vendor:game, a vendor code or a member id' }),
  label: Type.String({ description: 'What to show for it: the game name, the player account' }),
  merchant: Nullable(Type.String()),
  bets: Count,
  stake: MinorAmount,
  payout: MinorAmount,
  ggr: MinorAmount,
  playerPnl: Type.Intersect([MinorAmount], { description: "The players' result: payout − stake" }),
  deposits: Nullable(Count),
  depositAmount: Nullable(MinorAmount),
  withdrawals: Nullable(Count),
  withdrawalAmount: Nullable(MinorAmount),
  signUps: Nullable(Count),
  firstDepositors: Nullable(Count),
  activePlayers: Nullable(Count),
});
export type ReportRow = Static<typeof ReportRow>;

export const report = defineCall(routes.report, {
  tags: TAGS,
  bypassesGate,
  summary:
    'A report over a range of days grouped by day, merchant, game, vendor or player, sorted and paged on the server; ' +
    'columns that do not apply to a grouping (deposits per game) are null',
  querystring: Type.Object(
    {
      ...ReportFilter,
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
      pageSize: Type.Optional(Type.Enum(routes.REPORT_PAGE_SIZES, { type: 'integer', minimum: 1, maximum: 100, default: 25 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({
    rows: Type.Array(ReportRow),
    total: Type.Integer({ minimum: 0, description: 'Groups in the whole report' }),
    totals: Type.Omit(ReportRow, ['key', 'label', 'merchant']),
    timeZone: Type.String(),
    merchants: Type.Array(Type.String()),
    currency: ReportCurrency,
  }),
});

/** The most groups one export holds. */
export const REPORT_EXPORT_MAX = 10000;

export const reportExport = defineCall(routes.reportExport, {
  tags: TAGS,
  bypassesGate,
  summary: `A report as CSV text, in the report's order (up to ${REPORT_EXPORT_MAX} groups)`,
  querystring: Type.Object(ReportFilter, { additionalProperties: false }),
  value: Type.Object({ csv: Type.String(), rows: Type.Integer({ minimum: 0 }), truncated: Type.Boolean() }),
});
