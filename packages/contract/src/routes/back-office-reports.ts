import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/* The back office's dashboard and reports (api/back-office-reports.ts). */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const REPORT_GROUPINGS = ['day', 'merchant', 'game', 'vendor', 'player'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_SORTS = [
  'key',
  'bets',
  'stake',
  'payout',
  'ggr',
  'deposits',
  'withdrawals',
  'activePlayers',
  'signUps',
  'firstDepositors',
] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** The page sizes a report offers. */
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;
/** The longest range one report covers, in days. */
export const REPORT_MAX_DAYS = 366;

export const dashboard = {
  id: 'bo.reports.dashboard',
  method: 'GET',
  path: '/bo/api/reports/dashboard',
  auth: 'staff',
  permission: 'dashboard.view',
} as const satisfies BackOfficeRoute;

export const report = {
  id: 'bo.reports.report',
  method: 'GET',
  path: '/bo/api/reports',
  auth: 'staff',
  permission: 'reports.view',
} as const satisfies BackOfficeRoute;

export const reportExport = {
  id: 'bo.reports.export',
  method: 'GET',
  path: '/bo/api/reports/export',
  auth: 'staff',
  permission: 'reports.view',
} as const satisfies BackOfficeRoute;
