import * as api from '@tessera/contract/api/back-office-money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { ActionRow, ApprovalsService, StaffActor } from '../approvals/service.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import type { MoneyDesk, QueueFilter } from './service.js';

const actorOf = (request: FastifyRequest): StaffActor => {
  const staff = staffOf(request);
  return { staffId: staff.staffId, name: staff.name, permissions: staff.permissions, ip: request.ip };
};

interface FilterQuery {
  status?: string;
  account?: string;
  from?: number;
  to?: number;
}

const filterOf = (request: FastifyRequest, query: FilterQuery): QueueFilter => ({
  merchant: request.merchantCode,
  status: query.status,
  account: query.account?.trim() || undefined,
  from: query.from === undefined ? undefined : new Date(query.from),
  to: query.to === undefined ? undefined : new Date(query.to),
});

type QueueOrder = Parameters<MoneyDesk['depositQueue']>[1];
type QueueList<Row> = (
  filter: QueueFilter,
  order: QueueOrder,
  offset: number,
  limit: number,
) => Promise<{ rows: Row[]; total: number }>;

interface QueueQuery extends FilterQuery {
  sort?: QueueOrder['sort'];
  order?: QueueOrder['order'];
  page?: number;
  pageSize?: number;
}

/** One page of a queue as the screen asks for it: the newest first unless it sorts otherwise. */
const queuePage = <Row>(list: QueueList<Row>, request: FastifyRequest, query: QueueQuery) => {
  const { sort = 'created', order = 'desc', page = 1, pageSize = 25 } = query;
  return list(filterOf(request, query), { sort, order }, (page - 1) * pageSize, pageSize);
};

/** A CSV column: its header and how a row fills it. */
type Column<Row> = readonly [header: string, cell: (row: Row) => string];

type QueueRow = api.DepositQueueRow | api.WithdrawalQueueRow;

/** A queue's export columns: who and when first, then the queue's own, then the decision and what staff weighed. */
const queueColumns = <Row extends QueueRow>(own: readonly Column<Row>[], reason: Column<Row>): readonly Column<Row>[] => [
  ['id', (row) => row.id],
  ['created_at', (row) => new Date(row.createdAt).toISOString()],
  ['account', (row) => row.account],
  ...own,
  ['status', (row) => row.status],
  reason,
  ['decided_by', (row) => row.decidedBy ?? ''],
  ['proofs', (row) => String(row.proofs)],
  ['hints', (row) => row.hints.join(' ')],
];

const DEPOSIT_COLUMNS = queueColumns<api.DepositQueueRow>(
  [
    ['channel', (row) => row.channel],
    ['amount_minor', (row) => row.amount],
    ['reference', (row) => row.reference ?? ''],
  ],
  ['reason', (row) => row.reason ?? ''],
);

const WITHDRAWAL_COLUMNS = queueColumns<api.WithdrawalQueueRow>(
  [
    ['amount_minor', (row) => row.amount],
    ['payout_account', (row) => row.payoutAccount],
  ],
  ['reject_reason', (row) => row.rejectReason ?? ''],
);

/** A queue under the screen's filter as CSV, the newest first, at most MONEY_EXPORT_MAX rows (`truncated` beyond). */
async function queueCsv<Row>(list: QueueList<Row>, request: FastifyRequest, query: FilterQuery, columns: readonly Column<Row>[]) {
  const { rows, total } = await list(filterOf(request, query), { sort: 'created', order: 'desc' }, 0, api.MONEY_EXPORT_MAX);
  return csvExport(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
    total,
  );
}

const approvalOf = (row: ActionRow, staff: StaffActor): api.Approval => ({
  id: row.id.toString(),
  kind: row.kind as api.Approval['kind'],
  status: row.status,
  target: row.target,
  amount: row.amount_minor.toString(),
  detail: Object.fromEntries(Object.entries(row.detail).filter(([name]) => name !== 'memberId')),
  reason: row.reason,
  requestedBy: row.requested_by,
  requestedAt: row.requested_at.getTime(),
  decidedBy: row.decided_by,
  decidedAt: row.decided_at?.getTime() ?? null,
  rejectReason: row.reject_reason,
  mine: row.requested_by_id === staff.staffId,
});

export function moneyDeskRoutes(
  app: FastifyInstance,
  http: HttpContext,
  {
    moneyDesk,
    approvals,
    siteSettings,
  }: { moneyDesk: MoneyDesk; approvals: ApprovalsService; siteSettings: SiteSettingsService },
) {
  const deposits: QueueList<api.DepositQueueRow> = (...args) => moneyDesk.depositQueue(...args);
  const withdrawals: QueueList<api.WithdrawalQueueRow> = (...args) => moneyDesk.withdrawalQueue(...args);

  registerCall(app, http, api.depositQueue, async (request) => queuePage(deposits, request, request.query));

  registerCall(app, http, api.depositExport, async (request) => queueCsv(deposits, request, request.query, DEPOSIT_COLUMNS));

  registerCall(app, http, api.depositProof, async (request) =>
    moneyDesk.depositProof(request.merchantCode, BigInt(request.query.id), request.query.position),
  );

  registerCall(app, http, api.depositApprove, async (request) => {
    await moneyDesk.approveDeposit(actorOf(request), request.merchantCode, BigInt(request.body.id));
    return null;
  });

  registerCall(app, http, api.depositReject, async (request) => {
    await moneyDesk.rejectDeposit(actorOf(request), request.merchantCode, BigInt(request.body.id), request.body.reason.trim());
    return null;
  });

  registerCall(app, http, api.withdrawalQueue, async (request) => queuePage(withdrawals, request, request.query));

  registerCall(app, http, api.withdrawalExport, async (request) =>
    queueCsv(withdrawals, request, request.query, WITHDRAWAL_COLUMNS),
  );

  registerCall(app, http, api.withdrawalProof, async (request) =>
    moneyDesk.withdrawalProof(request.merchantCode, BigInt(request.query.id), request.query.position),
  );

  registerCall(app, http, api.withdrawalApprove, async (request) =>
    moneyDesk.approveWithdrawal(actorOf(request), request.merchantCode, BigInt(request.body.id)),
  );

  registerCall(app, http, api.withdrawalReject, async (request) => {
    await moneyDesk.rejectWithdrawal(actorOf(request), request.merchantCode, BigInt(request.body.id), request.body.reason.trim());
    return null;
  });

  registerCall(app, http, api.balanceOf, async (request) => moneyDesk.balance(request.merchantCode, request.query.account));

  registerCall(app, http, api.adjustBalance, async (request) => {
    const { requestId, account, direction, amount, reason } = request.body;
    return moneyDesk.adjust(actorOf(request), request.merchantCode, {
      requestId,
      account,
      direction,
      amount: BigInt(amount),
      reason: reason.trim(),
    });
  });

  registerCall(app, http, api.grantBonus, async (request) => {
    const { requestId, account, amount, reason } = request.body;
    return moneyDesk.grantBonus(actorOf(request), request.merchantCode, {
      requestId,
      account,
      amount: BigInt(amount),
      reason: reason.trim(),
    });
  });

  const thresholdAnswer = (settings: {
    approvals: { fourEyesAboveMinor: number };
    product: { currency: { code: string; symbol: string; minorDigits: number } };
  }) => ({
    thresholdMinor: String(settings.approvals.fourEyesAboveMinor),
    currency: settings.product.currency.code,
    symbol: settings.product.currency.symbol,
    minorDigits: settings.product.currency.minorDigits,
  });

  registerCall(app, http, api.threshold, async (request) => thresholdAnswer(request.siteSettings));

  registerCall(app, http, api.thresholdUpdate, async (request) => {
    const fourEyesAboveMinor = Number(request.body.thresholdMinor);
    await siteSettings.update(
      request.merchantCode,
      'approvals',
      () => ({ fourEyesAboveMinor }),
      `staff:${staffOf(request).name}`,
    );
    const settings = await siteSettings.get(request.merchantCode, 0);
    if (!settings) throw new Error(`merchant ${request.merchantCode} vanished`);
    return thresholdAnswer(settings);
  });

  registerCall(app, http, api.approvals, async (request) => {
    const staff = actorOf(request);
    const { status, kind, page = 1, pageSize = 25 } = request.query;
    const { rows, total } = await approvals.page(staff, request.merchantCode, { status, kind }, (page - 1) * pageSize, pageSize);
    return { rows: rows.map((row) => approvalOf(row, staff)), total };
  });

  registerCall(app, http, api.openApprovals, async (request) => ({
    open: await approvals.openCount(actorOf(request), request.merchantCode),
  }));

  registerCall(app, http, api.approvalConfirm, async (request) => {
    const staff = actorOf(request);
    return approvalOf(await approvals.confirm(staff, request.merchantCode, BigInt(request.body.id)), staff);
  });

  registerCall(app, http, api.approvalReject, async (request) => {
    const staff = actorOf(request);
    return approvalOf(
      await approvals.reject(staff, request.merchantCode, BigInt(request.body.id), request.body.reason.trim()),
      staff,
    );
  });
}
