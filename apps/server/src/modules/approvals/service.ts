import type { MoneyOutcome } from '@tessera/contract/api/back-office-money';
import type { Permission } from '@tessera/contract/staff-permissions';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { AuditActor, AuditLog } from '../audit-log/service.js';
import * as repo from './repo.js';
import type { MoneyActionStatus } from './tables.js';

export type { ActionRow } from './repo.js';

/** The staff member acting, as the staff check found them, and where from. */
export interface StaffActor {
  staffId: bigint;
  name: string;
  permissions: readonly Permission[];
  ip: string | null;
}

/** A money action staff ask for. */
export interface ActionRequest {
  kind: string;
  target: string;
  amount: bigint;
  detail?: Record<string, string>;
  reason?: string | null;
  /** The request's identity: the same key again answers the first action (a repeated click, a second approver's race). */
  requestKey: string;
}

/**
 * What a kind of money action does. `check` runs before an action is queued (the withdrawal is still pending, the
 * player exists), so nothing waits that could never run; `run` moves the money, in the caller's transaction, and
 * answers what changed for the audit log. A new kind (a promotion's grant) registers one of these.
 */
export interface ActionExecutor {
  permission: Permission;
  /**
   * Reads what `run` needs from outside its transaction (settings): the embedded database has one connection, which
   * the transaction holds, so `run` may use `trx` only.
   */
  prepare?(action: PlannedAction): Promise<unknown>;
  check?(trx: Transaction<Database>, action: repo.ActionRow | PlannedAction): Promise<void>;
  run(
    trx: Transaction<Database>,
    action: repo.ActionRow,
    actor: StaffActor,
    prepared: unknown,
  ): Promise<{ before: unknown; after: unknown }>;
}

export type PlannedAction = Pick<repo.ActionRow, 'merchant_code' | 'kind' | 'target' | 'amount_minor' | 'detail' | 'reason'>;

const auditActor = (staff: StaffActor): AuditActor => ({ actor: staff.name, kind: 'staff', ip: staff.ip });

/** An action as the audit log and the answers show it. */
const summaryOf = (row: repo.ActionRow) => ({
  id: row.id.toString(),
  kind: row.kind,
  target: row.target,
  amount: row.amount_minor.toString(),
  detail: row.detail,
  reason: row.reason,
  status: row.status,
  requestedBy: row.requested_by,
  decidedBy: row.decided_by,
  rejectReason: row.reject_reason,
});

/**
 * Four-eyes for money. Every money action staff take is a row of `money_actions`: at or below the merchant's
 * threshold it runs at once, in the transaction that records it; above, it waits until a different staff member
 * holding the kind's permission confirms it (then it runs, once) or rejects it with a reason. Each decision locks
 * the row, so of two confirmations racing, on one instance or two, exactly one runs the action and the other is
 * answered `approval.state`. Every step is appended to the audit log in the same transaction.
 */
export class ApprovalsService {
  private readonly executors = new Map<string, ActionExecutor>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly auditLog: AuditLog,
    private readonly thresholdOf: (merchant: string) => Promise<bigint>,
  ) {}

  register(kind: string, executor: ActionExecutor): void {
    if (this.executors.has(kind)) throw new Error(`money action ${kind} registered twice`);
    this.executors.set(kind, executor);
  }

  /** The kinds this staff member may ask for and decide. */
  kindsFor(staff: Pick<StaffActor, 'permissions'>): string[] {
    return [...this.executors].filter(([, executor]) => staff.permissions.includes(executor.permission)).map(([kind]) => kind);
  }

  private executorFor(kind: string, staff: StaffActor): ActionExecutor {
    const executor = this.executors.get(kind);
    if (!executor) throw new Error(`no executor for money action ${kind}`);
    if (!staff.permissions.includes(executor.permission)) throw new AppError('staff.permission.denied');
    return executor;
  }

  /** Runs the action now when at or below the threshold, else queues it for a second staff member. */
  async request(staff: StaffActor, merchant: string, request: ActionRequest): Promise<MoneyOutcome> {
    const executor = this.executorFor(request.kind, staff);
    const needsSecond = request.amount > (await this.thresholdOf(merchant));
    const planned: PlannedAction = {
      merchant_code: merchant,
      kind: request.kind,
      target: request.target,
      amount_minor: request.amount,
      detail: request.detail ?? {},
      reason: request.reason ?? null,
    };
    const prepared = needsSecond ? undefined : await executor.prepare?.(planned);
    return this.db.transaction().execute(async (trx) => {
      const earlier = await this.earlier(trx, merchant, request, planned);
      if (earlier) return earlier;
      await executor.check?.(trx, planned);
      const id = await repo.insertPending(trx, {
        merchant,
        kind: request.kind,
        target: request.target,
        amount: request.amount,
        detail: planned.detail,
        reason: planned.reason,
        requestKey: request.requestKey,
        staffId: staff.staffId,
        staffName: staff.name,
      });
      if (id === null) {
        const twin = await this.earlier(trx, merchant, request, planned);
        if (twin) return twin;
        throw new AppError('approval.state');
      }
      const row = await this.rowOf(trx, merchant, id);
      if (needsSecond) {
        await this.auditLog.append(
          auditActor(staff),
          { action: 'approval.request', merchantCode: merchant, target: `approval:${id}`, after: summaryOf(row) },
          trx,
        );
        return { outcome: 'awaiting_second', approvalId: id.toString() } satisfies MoneyOutcome;
      }
      await this.execute(trx, executor, row, staff, prepared, 'executed');
      return { outcome: 'done', approvalId: null } satisfies MoneyOutcome;
    });
  }

  /** A repeat of a request answers what the first one came to; the same key with other details is a conflict. */
  private async earlier(
    trx: Transaction<Database>,
    merchant: string,
    request: ActionRequest,
    planned: PlannedAction,
  ): Promise<MoneyOutcome | null> {
    const row = await repo.selectLiveByRequest(trx, merchant, request.kind, request.requestKey);
    if (!row) return null;
    if (row.target !== planned.target || row.amount_minor !== planned.amount_minor)
      throw new AppError('approval.request.conflict');
    return row.status === 'pending'
      ? { outcome: 'awaiting_second', approvalId: row.id.toString() }
      : { outcome: 'done', approvalId: null };
  }

  /** A second staff member confirms: the action runs now, in this transaction, and only once. */
  async confirm(staff: StaffActor, merchant: string, id: bigint): Promise<repo.ActionRow> {
    const seen = await repo.selectById(this.db, merchant, id);
    if (!seen) throw new AppError('approval.not.found');
    const executor = this.executorFor(seen.kind, staff);
    const prepared = await executor.prepare?.(seen);
    return this.db.transaction().execute(async (trx) => {
      const row = await this.lockPending(trx, staff, merchant, id);
      if (row.requested_by_id === staff.staffId) throw new AppError('approval.same.staff');
      await this.execute(trx, executor, row, staff, prepared, 'approval.confirm');
      return this.rowOf(trx, merchant, id);
    });
  }

  /** Rejects a waiting action with a reason: nothing runs. The one who asked may withdraw their own request. */
  async reject(staff: StaffActor, merchant: string, id: bigint, reason: string): Promise<repo.ActionRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.lockPending(trx, staff, merchant, id);
      await repo.decide(trx, id, { status: 'rejected', staffId: staff.staffId, staffName: staff.name, rejectReason: reason });
      const after = await this.rowOf(trx, merchant, id);
      await this.auditLog.append(
        auditActor(staff),
        {
          action: 'approval.reject',
          merchantCode: merchant,
          target: `approval:${id}`,
          before: summaryOf(row),
          after: summaryOf(after),
        },
        trx,
      );
      return after;
    });
  }

  /**
   * Closes the waiting action of a request whose subject was decided another way (a withdrawal rejected outright),
   * in the caller's transaction, so no approval is left that could never run.
   */
  async closeWaiting(
    trx: Transaction<Database>,
    staff: StaffActor,
    merchant: string,
    kind: string,
    requestKey: string,
    reason: string,
  ) {
    const live = await repo.selectLiveByRequest(trx, merchant, kind, requestKey);
    if (live?.status !== 'pending') return;
    const row = await repo.lockById(trx, merchant, live.id);
    if (row?.status !== 'pending') return;
    await repo.decide(trx, row.id, { status: 'rejected', staffId: staff.staffId, staffName: staff.name, rejectReason: reason });
    await this.auditLog.append(
      auditActor(staff),
      {
        action: 'approval.reject',
        merchantCode: merchant,
        target: `approval:${row.id}`,
        before: summaryOf(row),
        after: summaryOf(await this.rowOf(trx, merchant, row.id)),
      },
      trx,
    );
  }

  /** The live action of a request (pending or executed), if any: the queues show which wait for a second look. */
  waitingKeys(merchant: string, kind: string, requestKeys: readonly string[]) {
    return repo
      .selectPage(this.db, { merchant, kinds: [kind], status: 'pending', requestKeys }, 0, requestKeys.length || 1)
      .then(({ rows }) => new Set(rows.map((row) => row.request_key)));
  }

  page(
    staff: StaffActor,
    merchant: string,
    filter: { status?: MoneyActionStatus; kind?: string },
    offset: number,
    limit: number,
  ) {
    const kinds = this.kindsFor(staff).filter((kind) => filter.kind === undefined || kind === filter.kind);
    return repo.selectPage(this.db, { merchant, kinds, status: filter.status }, offset, limit);
  }

  /** How many actions wait that this staff member may decide (their own included: they are waiting too). */
  openCount(staff: StaffActor, merchant: string): Promise<number> {
    return repo.count(this.db, { merchant, kinds: this.kindsFor(staff), status: 'pending' });
  }

  private async lockPending(trx: Transaction<Database>, staff: StaffActor, merchant: string, id: bigint) {
    const row = await repo.lockById(trx, merchant, id);
    if (!row) throw new AppError('approval.not.found');
    this.executorFor(row.kind, staff);
    if (row.status !== 'pending') throw new AppError('approval.state');
    return row;
  }

  private async rowOf(trx: Transaction<Database>, merchant: string, id: bigint) {
    const row = await repo.selectById(trx, merchant, id);
    if (!row) throw new Error(`money action ${id} vanished inside its own transaction`);
    return row;
  }

  private async execute(
    trx: Transaction<Database>,
    executor: ActionExecutor,
    row: repo.ActionRow,
    staff: StaffActor,
    prepared: unknown,
    how: 'executed' | 'approval.confirm',
  ) {
    const change = await executor.run(trx, row, staff, prepared);
    await repo.decide(trx, row.id, { status: 'executed', staffId: staff.staffId, staffName: staff.name, rejectReason: null });
    const after = await this.rowOf(trx, row.merchant_code, row.id);
    await this.auditLog.append(
      auditActor(staff),
      {
        action: how === 'executed' ? `money.${row.kind}` : 'approval.confirm',
        merchantCode: row.merchant_code,
        target: `approval:${row.id}`,
        before: { action: summaryOf(row), subject: change.before },
        after: { action: summaryOf(after), subject: change.after },
      },
      trx,
    );
  }
}
