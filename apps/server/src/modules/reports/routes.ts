import type { ReportCurrency } from '@tessera/contract/api/back-office-reports';
import * as api from '@tessera/contract/api/back-office-reports';
import { REPORT_MAX_DAYS } from '@tessera/contract/routes/back-office-reports';
import type { FastifyInstance } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { AppError } from '../../platform/app-error.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import type { ReportRow } from './report-repo.js';
import type { ReportQuery, ReportsService } from './service.js';

type Sums = Omit<ReportRow, 'key' | 'label' | 'merchant_code'>;

const count = (value: bigint | null) => (value === null ? null : Number(value));
const money = (value: bigint | null) => (value === null ? null : value.toString());

const figures = (sums: Sums | null) => {
  const zero = 0n;
  const stake = sums?.stake ?? zero;
  const payout = sums?.payout ?? zero;
  return {
    bets: Number(sums?.bets ?? zero),
    stake: stake.toString(),
    payout: payout.toString(),
    ggr: (stake - payout).toString(),
    deposits: Number(sums?.deposits ?? zero),
    depositAmount: (sums?.deposit_amount ?? zero).toString(),
    withdrawals: Number(sums?.withdrawals ?? zero),
    withdrawalAmount: (sums?.withdrawal_amount ?? zero).toString(),
    signUps: Number(sums?.sign_ups ?? zero),
    firstDepositors: Number(sums?.first_depositors ?? zero),
    activePlayers: Number(sums?.active_players ?? zero),
  };
};

const reportSums = (sums: Sums) => ({
  bets: Number(sums.bets ?? 0n),
  stake: (sums.stake ?? 0n).toString(),
  payout: (sums.payout ?? 0n).toString(),
  ggr: ((sums.stake ?? 0n) - (sums.payout ?? 0n)).toString(),
  playerPnl: ((sums.payout ?? 0n) - (sums.stake ?? 0n)).toString(),
  deposits: count(sums.deposits),
  depositAmount: money(sums.deposit_amount),
  withdrawals: count(sums.withdrawals),
  withdrawalAmount: money(sums.withdrawal_amount),
  signUps: count(sums.sign_ups),
  firstDepositors: count(sums.first_depositors),
  activePlayers: count(sums.active_players),
});

const toRow = (row: ReportRow) => ({ key: row.key, label: row.label, merchant: row.merchant_code, ...reportSums(row) });

/** A range the report can answer: real days, in order, at most REPORT_MAX_DAYS long. */
function checkRange(query: ReportQuery): void {
  const from = Date.parse(`${query.from}T00:00:00Z`);
  const to = Date.parse(`${query.to}T00:00:00Z`);
  const real = (day: string, ms: number) => !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
  if (!real(query.from, from) || !real(query.to, to) || to < from || (to - from) / 86_400_000 + 1 > REPORT_MAX_DAYS)
    throw new AppError('reports.range.invalid');
}

const CSV_COLUMNS = [
  'key',
  'label',
  'merchant',
  'bets',
  'stake',
  'payout',
  'ggr',
  'player_pnl',
  'deposits',
  'deposit_amount',
  'withdrawals',
  'withdrawal_amount',
  'sign_ups',
  'first_depositors',
  'active_players',
] as const;

export function reportsRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { reports, siteSettings }: { reports: ReportsService; siteSettings: SiteSettingsService },
) {
  /** The one currency of the merchants in scope (docs/decisions.md, "Amounts in reports"), or null when they differ. */
  const currencyOf = async (merchant: string | undefined, merchants: string[]): Promise<ReportCurrency> => {
    const currencies = await Promise.all(
      (merchant ? [merchant] : merchants).map(async (code) => (await siteSettings.cached(code))?.product.currency ?? null),
    );
    const [first] = currencies;
    if (!first || currencies.some((currency) => currency?.code !== first.code)) return null;
    return { code: first.code, symbol: first.symbol, minorDigits: first.minorDigits };
  };

  registerCall(app, http, api.dashboard, async (request) => {
    const answer = await reports.dashboard(request.query.period ?? 'today', request.query.merchant);
    return {
      ...answer,
      totals: figures(answer.totals),
      days: answer.days.map(({ day, sums }) => ({ day, ...figures(sums) })),
      currency: await currencyOf(request.query.merchant, answer.merchants),
      asOf: answer.asOf.getTime(),
    };
  });

  registerCall(app, http, api.report, async (request) => {
    checkRange(request.query);
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    const answer = await reports.report(request.query, { offset: (page - 1) * pageSize, limit: pageSize });
    return {
      rows: answer.rows.map(toRow),
      total: answer.total,
      totals: reportSums(answer.totals),
      timeZone: answer.timeZone,
      merchants: answer.merchants,
      currency: await currencyOf(request.query.merchant, answer.merchants),
    };
  });

  registerCall(app, http, api.reportExport, async (request) => {
    checkRange(request.query);
    const answer = await reports.report(request.query, { offset: 0, limit: api.REPORT_EXPORT_MAX });
    const rows = answer.rows
      .map(toRow)
      .map((row) =>
        [
          row.key,
          row.label,
          row.merchant ?? '',
          row.bets,
          row.stake,
          row.payout,
          row.ggr,
          row.playerPnl,
          row.deposits ?? '',
          row.depositAmount ?? '',
          row.withdrawals ?? '',
          row.withdrawalAmount ?? '',
          row.signUps ?? '',
          row.firstDepositors ?? '',
          row.activePlayers ?? '',
        ].map(String),
      );
    return csvExport(CSV_COLUMNS, rows, answer.total);
  });
}
