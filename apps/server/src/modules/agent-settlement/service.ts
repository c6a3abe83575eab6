import type { ContractKind, ContractPeriod } from '@tessera/contract/agent-contracts';
import type { Income, IncomeQuery, SettlementRun, Statement, StatementFilter } from '@tessera/contract/api/agent-income';
import { INCOME_PAGE_SIZE, RUNS_SHOWN, type StatementAction, type StatementStatus } from '@tessera/contract/routes/agent-income';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { AgentContractsService } from '../agent-contracts/service.js';
import type { AgentsService } from '../agents/service.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import { forgetDone, type JobContext, type JobRunner, schedule } from '../jobs/service.js';
import type { Ledger, TransferInput, TransferReceipt } from '../ledger/service.js';
import { dailySalaryPay, dividendPay, hourlySalaryPay, type Pay, realTimeSalaryPay, SKIPS_EMPTY_PERIODS } from './pay.js';
import * as repo from './repo.js';

export const SETTLE_JOB = 'agents.settle';
/** How often a caught-up settlement runs: real-time salary's five-minute periods are paid within about a minute. */
const SETTLE_EVERY_MS = 60_000;
/** A period is settled this long after its end at the earliest, and only once every transaction begun before it has ended. */
export const SETTLE_LAG_MS = 30_000;
/** The most periods one run settles in its transaction; a run with more left schedules the next at once. */
const PERIODS_PER_RUN = 2000;
/** How many runs the operator's command makes before it gives up waiting for open transactions. */
const SETTLE_NOW_ATTEMPTS = 50;

/** What each review action applies to, and what it makes of it. */
const REVIEWED_FROM: Record<StatementAction, readonly StatementStatus[]> = {
  approve: ['review'],
  hold: ['review'],
  release: ['held'],
  reject: ['review', 'held'],
};
const REVIEWED_TO: Record<StatementAction, StatementStatus> = {
  approve: 'paid',
  hold: 'held',
  release: 'review',
  reject: 'rejected',
};

const bigMax = (a: bigint, b: bigint) => (a > b ? a : b);

type Period = Pick<repo.DueContract, 'id' | 'merchant_code' | 'kind' | 'downline_id' | 'tiers' | 'time_zone'> & {
  start: Date;
  end: Date;
  carryIn: bigint;
};

type Computed = Omit<repo.NewStatement, 'runId' | 'status' | 'uplineId'>;

/** A closed period a run settles: the contract's, with the upline it is paid under and the end of the next one. */
type DuePeriod = Period & { upline_id: bigint; next: Date | null };

/** What a period's pay rule reads: the team's figures, and for hourly and real-time salary its hours or bets. */
interface Inputs {
  figures: repo.TeamFigures;
  hours: repo.HourFigures[];
  bets: { stake: bigint; won: boolean }[];
}

type Mark = Parameters<typeof repo.updateMarks>[1][number];

/** A credit the ledger did not make, and why (kept as the held statement's reason). */
interface Refused {
  refused: string;
}

const refusal = (error: unknown) => `ledger: ${error instanceof AppError ? error.code : 'the credit failed'}`;

/** What a period's upline share is less: its agent's own downline contracts of the kind, ending inside it. */
const paidBelow = (period: Period) => ({
  contractId: period.id,
  agentId: period.downline_id,
  kind: period.kind,
  from: period.start,
  to: period.end,
});

/**
 * Periods in run order, cut where one reads the statements of another before it (an upline's share is less what its
 * downline's contracts were paid): each group's statements are written before the next group reads them.
 */
function* dependencyGroups(periods: readonly DuePeriod[]): Generator<DuePeriod[]> {
  let group: DuePeriod[] = [];
  let uplines = new Set<bigint>();
  for (const period of periods) {
    if (uplines.has(period.downline_id)) {
      yield group;
      group = [];
      uplines = new Set();
    }
    group.push(period);
    uplines.add(period.upline_id);
  }
  if (group.length > 0) yield group;
}

const toStatement = (row: repo.StatementRecord): Statement => ({
  id: row.id.toString(),
  contractId: row.contract_id.toString(),
  kind: row.kind,
  period: row.period,
  agent: row.agent,
  upline: row.upline,
  periodStart: row.period_start.getTime(),
  periodEnd: row.period_end.getTime(),
  teamSize: row.team_size,
  activeMembers: row.active_members,
  validBetMinor: row.valid_bet.toString(),
  payoutMinor: row.payout.toString(),
  netLossMinor: (row.valid_bet - row.payout).toString(),
  tier: row.tier,
  rate: row.rate,
  lines: (row.lines as unknown as repo.NewStatement['lines']).map((line) => ({
    part: line.part,
    from: line.from,
    validBetMinor: line.validBet,
    count: line.count,
    tier: line.tier,
    rate: line.rate,
    amountMinor: line.amount,
  })),
  carryInMinor: row.carry_in.toString(),
  carryOutMinor: row.carry_out.toString(),
  grossMinor: row.gross.toString(),
  downlinePaidMinor: row.downline_paid.toString(),
  amountMinor: row.amount.toString(),
  status: row.status,
  reason: row.reason,
  createdAt: row.created_at.getTime(),
  paidAt: row.paid_at?.getTime() ?? null,
});

/**
 * Settlement of agent contracts (docs/decisions.md, "Agent settlement"): a durable job settles each closed period of
 * every contract in force, once, from the bets of the team of that period in the ledger; keeps its statement; and pays
 * it from the house through one ledger batch in the same transaction, or leaves it for the operator's review when the
 * merchant asks for review. A statement can be recomputed for audit from what it stored.
 */
export class AgentSettlementService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      ledger: Ledger;
      agents: AgentsService;
      agentContracts: AgentContractsService;
      /** Whether the merchant wants each statement reviewed before it is paid (`agents.reviewSettlements`). */
      reviews: (merchantCode: string, trx: Kysely<Database>) => Promise<boolean>;
      /** The test clock may be moved (never in production: platform/config.ts). */
      testClock: boolean;
      timeZone: string;
    },
  ) {}

  /** The settlement clock: now, plus the test clock's offset where it may be moved. */
  private async clock(db: Kysely<Database>): Promise<Date> {
    const offset = this.deps.testClock ? await repo.clockOffsetMs(db) : 0;
    return new Date(Date.now() + offset);
  }

  /** The settlement clock, which other period jobs (loss rebates) share so a test moves them together. */
  now(db: Kysely<Database> = this.db): Promise<Date> {
    return this.clock(db);
  }

  /** Moves the test clock ahead by `ms` (0: back to real time); refused unless the configuration allows it. */
  async advanceClock(ms: number | null): Promise<number> {
    if (!this.deps.testClock) throw new AppError('settlement.clock.off');
    const offset = ms === null ? 0 : (await repo.clockOffsetMs(this.db)) + ms;
    await repo.setClockOffset(this.db, offset);
    return offset;
  }

  /** Period ends and id floors asked in a run, by their question: thousands of contracts share a few instants. */
  private readonly answers = new Map<string, Promise<Date | bigint>>();

  private remembered<T extends Date | bigint>(key: string, ask: () => Promise<T>): Promise<T> {
    let answer = this.answers.get(key);
    if (!answer) {
      if (this.answers.size > 10_000) this.answers.clear();
      answer = ask();
      this.answers.set(key, answer);
      answer.catch(() => this.answers.delete(key));
    }
    return answer as Promise<T>;
  }

  private periodEnd(db: Kysely<Database>, period: ContractPeriod, at: Date, timeZone: string) {
    return this.remembered(`end:${period}:${timeZone}:${at.getTime()}`, () =>
      this.deps.agentContracts.periodEnd(period, at, timeZone, db),
    );
  }

  /**
   * One run, in the caller's transaction: every contract period closed by the clock (up to a batch), earliest end and
   * deepest agent first, gets its statement; those to pay are paid in one ledger batch. The batch's figures are read
   * set-based (one query for all its periods), its statements and marks written by one SQL statement each. Runs are
   * serialised across instances, a statement is unique per contract and period, and the payment's idempotency key
   * names them both, so a period is paid exactly once whatever crashes or races. Answers whether nothing due is left.
   */
  async settle(trx: Transaction<Database>): Promise<{ statements: number; paid: bigint; caughtUp: boolean }> {
    await repo.lockRuns(trx);
    await repo.noteTick(trx);
    const dues: { contractId: bigint; dueAt: Date }[] = [];
    for (const started of await repo.startMarks(trx)) {
      const end = await this.periodEnd(trx, started.period, started.settledTo, started.time_zone);
      dues.push({
        contractId: started.id,
        dueAt: started.effective_to && started.effective_to < end ? started.effective_to : end,
      });
    }
    await repo.setDues(trx, dues);
    const clock = await this.clock(trx);
    const final = await repo.finalBefore(trx);
    const due = await repo.selectDue(trx, new Date(clock.getTime() - SETTLE_LAG_MS), PERIODS_PER_RUN);
    const marks: Mark[] = [];
    const periods: DuePeriod[] = [];
    let caughtUp = due.length < PERIODS_PER_RUN;
    for (const contract of due) {
      const start = contract.settled_to;
      const natural = await this.periodEnd(trx, contract.period, start, contract.time_zone);
      const end = contract.effective_to && contract.effective_to < natural ? contract.effective_to : natural;
      const last = contract.effective_to !== null && end.getTime() >= contract.effective_to.getTime();
      if (end <= start) {
        marks.push({ contractId: contract.id, settledTo: start, dueAt: null, carry: contract.carry });
        continue;
      }
      if (end.getTime() + SETTLE_LAG_MS > clock.getTime()) {
        marks.push({ contractId: contract.id, settledTo: start, dueAt: end, carry: contract.carry });
        continue;
      }
      // A transaction begun before the period's end may still add to it: this period and those after it wait.
      if (final !== null && Math.min(end.getTime(), Date.now()) > final.getTime()) {
        caughtUp = false;
        break;
      }
      const next = last ? null : await this.periodEnd(trx, contract.period, end, contract.time_zone);
      periods.push({ ...contract, start, end, next, carryIn: contract.carry });
    }
    const inputs = await this.readInputs(trx, periods);
    const reviewed = new Map<string, boolean>();
    let runId: bigint | null = null;
    const credits: { statementId: bigint; input: TransferInput }[] = [];
    let statements = 0;
    for (const group of dependencyGroups(periods)) {
      const downlinePaid = await repo.selectDownlinePaid(trx, group.map(paidBelow));
      const kept: repo.NewStatement[] = [];
      for (const period of group) {
        const computed = this.computed(period, inputs.get(period.id) as Inputs, downlinePaid.get(period.id) ?? 0n);
        marks.push({ contractId: period.id, settledTo: period.end, dueAt: period.next, carry: computed.carryOut });
        if (SKIPS_EMPTY_PERIODS[period.kind] && computed.figures.activeMembers === 0) continue;
        runId ??= await repo.insertRun(trx);
        if (computed.amount > 0n && !reviewed.has(period.merchant_code)) {
          reviewed.set(period.merchant_code, await this.deps.reviews(period.merchant_code, trx));
        }
        const status = computed.amount === 0n ? 'nothing' : reviewed.get(period.merchant_code) ? 'review' : 'paid';
        kept.push({ ...computed, runId, uplineId: period.upline_id, status });
      }
      const ids = await repo.insertStatements(trx, kept);
      for (const statement of kept) {
        const id = ids.get(statement.contractId);
        if (id === undefined) continue;
        statements += 1;
        if (statement.status === 'paid') credits.push({ statementId: id, input: this.creditOf(statement, id) });
      }
    }
    await repo.updateMarks(trx, marks);
    const paid = await this.pay(trx, credits);
    if (runId !== null) await repo.finishRun(trx, runId, statements, paid);
    return { statements, paid, caughtUp };
  }

  /**
   * Pays statements in one ledger batch (house promotions → the agent's main wallet) and marks them paid. A credit the
   * ledger refuses holds its own statement for the operator, with the ledger's reason; the others are paid.
   */
  private async pay(trx: Transaction<Database>, credits: { statementId: bigint; input: TransferInput }[]) {
    if (credits.length === 0) return 0n;
    const outcomes = await this.credited(
      trx,
      credits.map((credit) => credit.input),
    );
    const paid: { id: bigint; transferId: bigint }[] = [];
    let total = 0n;
    for (const [index, credit] of credits.entries()) {
      const outcome = outcomes[index] as TransferReceipt | Refused;
      if ('refused' in outcome) {
        await repo.holdUnpaid(trx, credit.statementId, outcome.refused);
        continue;
      }
      paid.push({ id: credit.statementId, transferId: outcome.id });
      total += credit.input.amount;
    }
    await repo.markPaid(trx, paid);
    return total;
  }

  /**
   * The credits through the ledger in one batch; should the batch fail as a whole (an account the ledger cannot
   * credit), each is tried alone, so only the failing ones are refused.
   */
  private async credited(trx: Transaction<Database>, inputs: TransferInput[]): Promise<(TransferReceipt | Refused)[]> {
    const each = async (batch: TransferInput[]) =>
      (await repo.inSavepoint(trx, () => this.deps.ledger.creditEach(batch, trx))).map((outcome) =>
        outcome instanceof AppError ? { refused: `ledger: ${outcome.code}` } : outcome,
      );
    try {
      return await each(inputs);
    } catch (error) {
      if (inputs.length === 1) return [{ refused: refusal(error) }];
      const outcomes: (TransferReceipt | Refused)[] = [];
      for (const input of inputs) {
        try {
          outcomes.push(...(await each([input])));
        } catch (alone) {
          outcomes.push({ refused: refusal(alone) });
        }
      }
      return outcomes;
    }
  }

  private creditOf(
    statement: Pick<Computed, 'merchantCode' | 'contractId' | 'agentId' | 'kind' | 'periodStart' | 'periodEnd' | 'amount'>,
    statementId: bigint,
  ): TransferInput {
    return {
      merchant: statement.merchantCode,
      from: { kind: 'house', purpose: 'promotions' },
      to: { kind: 'member_main', memberId: statement.agentId },
      amount: statement.amount,
      kind: 'bonus',
      cause: { type: 'job', id: String(statement.contractId) },
      idempotencyKey: `agent-settlement:${statement.contractId}:${statement.periodStart.getTime()}`,
      memo: {
        source: 'agentSettlement',
        settlementId: String(statementId),
        contractId: String(statement.contractId),
        contractKind: statement.kind,
        periodStart: statement.periodStart.toISOString(),
        periodEnd: statement.periodEnd.toISOString(),
      },
    };
  }

  /**
   * What the pay rules of a batch's periods read, set-based: the team figures of every period, each hour of the hourly
   * salaries and each counted bet of the real-time salaries (one query each), by contract.
   */
  private async readInputs(db: Kysely<Database>, periods: readonly Period[]): Promise<Map<bigint, Inputs>> {
    const floors = new Map<number, Promise<bigint>>();
    const reads: repo.PeriodToRead[] = [];
    for (const period of periods) {
      const at = period.start.getTime();
      if (!floors.has(at)) floors.set(at, repo.idFloor(db, period.start));
      reads.push({
        contractId: period.id,
        merchantCode: period.merchant_code,
        agentId: period.downline_id,
        from: period.start,
        to: period.end,
        floor: await (floors.get(at) as Promise<bigint>),
        timeZone: period.time_zone,
      });
    }
    const ofKind = (kind: ContractKind) => reads.filter((_, index) => (periods[index] as Period).kind === kind);
    const teamOf: repo.TeamOf = (agent, from, to) => this.deps.agents.teamLinksDuring(agent, from, to);
    const figures = await repo.selectFigures(db, reads, teamOf);
    const hours = await repo.selectHours(db, ofKind('hourlySalary'), teamOf);
    const bets = await repo.selectBetOutcomes(db, ofKind('realTimeSalary'), teamOf);
    return new Map(
      reads.map((read) => [
        read.contractId,
        {
          figures: figures.get(read.contractId) as repo.TeamFigures,
          hours: hours.get(read.contractId) ?? [],
          bets: bets.get(read.contractId) ?? [],
        },
      ]),
    );
  }

  /** A period's statement from what was read for it: the tier met, the pay, less what its downline was paid. */
  private computed(period: Period, inputs: Inputs, downlinePaid: bigint): Computed {
    const { tiers } = period;
    const { figures } = inputs;
    let pay: Pay;
    if (period.kind === 'dividend') pay = dividendPay(tiers, figures, period.carryIn);
    else if (period.kind === 'dailySalary') pay = dailySalaryPay(tiers, figures);
    else if (period.kind === 'hourlySalary') pay = hourlySalaryPay(tiers, inputs.hours);
    else pay = realTimeSalaryPay(tiers, inputs.bets);
    return {
      merchantCode: period.merchant_code,
      contractId: period.id,
      kind: period.kind,
      agentId: period.downline_id,
      periodStart: period.start,
      periodEnd: period.end,
      figures,
      tier: pay.tier,
      rate: pay.rate,
      lines: pay.lines,
      carryIn: period.kind === 'dividend' ? period.carryIn : 0n,
      carryOut: pay.carryOut,
      gross: pay.gross,
      downlinePaid,
      amount: bigMax(0n, pay.gross - downlinePaid),
    };
  }

  /** A period's statement from the ledger, as a run computes it (an audit's recomputation). */
  private async compute(db: Kysely<Database>, period: Period): Promise<Computed> {
    const inputs = await this.readInputs(db, [period]);
    const downlinePaid = await repo.selectDownlinePaid(db, [paidBelow(period)]);
    return this.computed(period, inputs.get(period.id) as Inputs, downlinePaid.get(period.id) ?? 0n);
  }

  /**
   * Recomputes a statement for audit from the ledger, with the contract's tiers and the carry it started from: the
   * statement as stored and as computed now, and whether they agree.
   */
  async recompute(merchantCode: string, id: bigint) {
    const [row] = await repo.selectStatements(this.db, { merchantCode, id, timeZone: this.deps.timeZone });
    if (!row) throw new AppError('settlement.unknown');
    const computed = await this.compute(this.db, {
      id: row.contract_id,
      merchant_code: row.merchant_code,
      kind: row.kind,
      downline_id: row.agent_id,
      tiers: row.tiers as unknown as Record<string, string | number>[],
      time_zone: row.time_zone,
      start: row.period_start,
      end: row.period_end,
      carryIn: row.carry_in,
    });
    const stored = toStatement(row);
    const recomputed: Statement = {
      ...stored,
      teamSize: computed.figures.teamSize,
      activeMembers: computed.figures.activeMembers,
      validBetMinor: computed.figures.validBet.toString(),
      payoutMinor: computed.figures.payout.toString(),
      netLossMinor: (computed.figures.validBet - computed.figures.payout).toString(),
      tier: computed.tier,
      rate: computed.rate,
      lines: toStatement({ ...row, lines: computed.lines as never }).lines,
      carryOutMinor: computed.carryOut.toString(),
      grossMinor: computed.gross.toString(),
      downlinePaidMinor: computed.downlinePaid.toString(),
      amountMinor: computed.amount.toString(),
    };
    return { stored, recomputed, same: JSON.stringify(stored) === JSON.stringify(recomputed) };
  }

  /** The job: one run, then the next (at once while periods are left), and the done runs of the past hour go. */
  async settleJob({ trx }: JobContext): Promise<void> {
    const { caughtUp } = await this.settle(trx);
    const now = Date.now();
    const next = caughtUp ? Math.ceil((now + 1) / SETTLE_EVERY_MS) * SETTLE_EVERY_MS : now;
    await schedule(trx, {
      kind: SETTLE_JOB,
      runAt: new Date(next),
      payload: {},
      dedupeKey: caughtUp ? `${SETTLE_JOB}:${next}` : `${SETTLE_JOB}:more:${now}`,
    });
    await forgetDone(trx, SETTLE_JOB, new Date(now - 3600_000));
  }

  /** Every instance makes sure a run is due; the runs then schedule each other. */
  async ensureScheduled(): Promise<void> {
    const slot = Math.floor(Date.now() / SETTLE_EVERY_MS) * SETTLE_EVERY_MS;
    await schedule(this.db, { kind: SETTLE_JOB, runAt: new Date(slot), payload: {}, dedupeKey: `${SETTLE_JOB}:${slot}` });
  }

  registerJob(jobs: JobRunner): void {
    jobs.register(SETTLE_JOB, (context) => this.settleJob(context));
  }

  /** Runs settlement now until nothing due is left (the operator's command; the job does the same every minute). */
  async settleNow(): Promise<{ statements: number; paid: bigint }> {
    let statements = 0;
    let paid = 0n;
    for (let attempt = 0; attempt < SETTLE_NOW_ATTEMPTS; attempt += 1) {
      const run = await this.db.transaction().execute((trx) => this.settle(trx));
      statements += run.statements;
      paid += run.paid;
      if (run.caughtUp) break;
      // A period waits for transactions begun before its end: give them a moment.
      if (run.statements === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { statements, paid };
  }

  /** "My income": the agent's statements, newest period first, with the paid, pending and held totals. */
  async income(merchantCode: string, memberId: bigint, query: IncomeQuery): Promise<Income> {
    const agent = await this.deps.agents.requireAgent(merchantCode, memberId);
    const filter = { merchantCode, agentId: agent.id, kind: query.kind, status: query.status, timeZone: this.deps.timeZone };
    const page = query.page ?? 1;
    const rows = await repo.selectStatements(this.db, filter, { offset: (page - 1) * INCOME_PAGE_SIZE, limit: INCOME_PAGE_SIZE });
    const totals = await repo.statementTotals(this.db, { merchantCode, agentId: agent.id, timeZone: this.deps.timeZone });
    const counted = await repo.statementTotals(this.db, filter);
    return {
      statements: rows.map(toStatement),
      total: counted.total,
      totals: { paidMinor: totals.paid.toString(), pendingMinor: totals.pending.toString(), heldMinor: totals.held.toString() },
    };
  }

  /** One of the agent's statements; anyone else's is unknown. */
  async incomeStatement(merchantCode: string, memberId: bigint, id: bigint): Promise<Statement> {
    const agent = await this.deps.agents.requireAgent(merchantCode, memberId);
    const [row] = await repo.selectStatements(this.db, { merchantCode, id, agentId: agent.id, timeZone: this.deps.timeZone });
    if (!row) throw new AppError('settlement.unknown');
    return toStatement(row);
  }

  /** The back office's statements by agent, kind, status and period, paged, with the filter's totals. */
  async statements(merchantCode: string, query: StatementFilter & { page?: number; pageSize?: number }) {
    const pageSize = query.pageSize ?? 25;
    const filter = { ...query, merchantCode, timeZone: this.deps.timeZone };
    const rows = await repo.selectStatements(this.db, filter, { offset: ((query.page ?? 1) - 1) * pageSize, limit: pageSize });
    const totals = await repo.statementTotals(this.db, filter);
    return {
      statements: rows.map(toStatement),
      total: totals.total,
      totals: { paidMinor: totals.paid.toString(), pendingMinor: totals.pending.toString(), heldMinor: totals.held.toString() },
    };
  }

  /** The latest runs that computed statements of the merchant (the back office opens each one's statements). */
  async runs(merchantCode: string): Promise<SettlementRun[]> {
    const rows = await repo.selectRuns(this.db, merchantCode, RUNS_SHOWN);
    return rows.map((row) => ({
      id: row.id.toString(),
      startedAt: row.started_at.getTime(),
      statements: Number(row.statements),
      amountMinor: BigInt(row.amount).toString(),
      paidMinor: BigInt(row.paid).toString(),
    }));
  }

  /**
   * The operator's review, audited in the same transaction: approve pays a statement waiting for review; hold takes it
   * out of the queue and release puts it back; reject refuses a waiting or held one for good, with a reason.
   */
  async review(merchantCode: string, id: bigint, action: StatementAction, reason: string | null, by: AuditActor) {
    await this.db.transaction().execute(async (trx) => {
      const statement = await repo.lockStatement(trx, merchantCode, id);
      if (!statement) throw new AppError('settlement.unknown');
      const from = statement.status;
      if (!REVIEWED_FROM[action].includes(from)) throw new AppError('settlement.state.invalid');
      if (action === 'reject' && !reason) throw new AppError('settlement.reason.required');
      const to = REVIEWED_TO[action];
      if (action === 'approve') {
        const input = this.creditOf(
          {
            merchantCode,
            contractId: statement.contract_id,
            agentId: statement.agent_id,
            kind: statement.kind,
            periodStart: statement.period_start,
            periodEnd: statement.period_end,
            amount: statement.amount,
          },
          statement.id,
        );
        const [receipt] = await this.deps.ledger.creditBatch([input], trx);
        await repo.decide(trx, id, { status: 'paid', reason: statement.reason, transferId: (receipt as { id: bigint }).id });
      } else {
        await repo.decide(trx, id, { status: to, reason: action === 'release' ? null : reason });
      }
      await appendAudit(trx, by, {
        action: `agent.settlement.${action}`,
        merchantCode,
        target: `settlement:${id}`,
        before: { status: from },
        after: { status: to, amount: statement.amount.toString(), reason },
      });
    });
    const [row] = await repo.selectStatements(this.db, { merchantCode, id, timeZone: this.deps.timeZone });
    if (!row) throw new AppError('settlement.unknown');
    return toStatement(row);
  }
}
