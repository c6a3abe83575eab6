import type { DashboardPeriod, ReportGrouping, ReportSort } from '@tessera/contract/routes/back-office-reports';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forgetDone, type JobContext, type JobRunner, schedule } from '../jobs/service.js';
import * as report from './report-repo.js';
import * as rollup from './rollup-repo.js';
import * as team from './team-repo.js';

export const ROLLUP_JOB = 'reports.rollup';
/** How often a caught-up roll-up runs: the live part of a report is at most about this old. */
const ROLLUP_EVERY_MS = 60_000;
/** The most ids one roll-up adds in a transaction, so a first run over a long history does not hold the database. */
const ROLLUP_SPAN = 200_000n;

const bigMin = (a: bigint, b: bigint) => (a < b ? a : b);

const DAY_MS = 24 * 3600_000;
const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

export interface ReportQuery {
  from: string;
  to: string;
  groupBy: ReportGrouping;
  merchant?: string;
  vendor?: string;
  game?: string;
  player?: string;
  sort?: ReportSort;
  order?: 'asc' | 'desc';
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Reports over the ledger and the members, fast at any size: a durable job rolls what has become final into summary
 * tables per day (merchant × game × vendor, member, merchant), and every read adds the live part after it, in one
 * snapshot, so a report is exact to the moment it is read (docs/decisions.md, "Reports").
 */
export class ReportsService {
  constructor(
    private readonly db: Kysely<Database>,
    /** The IANA zone whose days the reports count in. */
    private readonly timeZone: string,
  ) {}

  /**
   * Rolls the next stretch of final moves into the summaries, in the caller's transaction, then notes the newest ids
   * as the next stretch, final once every transaction older than the note has ended; answers whether it caught up.
   * Safe with any number of instances: the roll-up row is locked first.
   */
  async rollUp(trx: Transaction<Database>): Promise<boolean> {
    let state = await rollup.lockRollup(trx);
    if (state.time_zone !== this.timeZone) {
      await rollup.resetRollup(trx, this.timeZone);
      state = await rollup.lockRollup(trx);
    }
    const { candidate_transfers: transfers, candidate_members: members, candidate_at: at } = state;
    if (transfers === null || members === null || at === null || !(await rollup.candidateIsFinal(trx, at))) {
      if (transfers === null) await rollup.markCandidate(trx);
      return false;
    }
    const transfersUpTo = bigMin(transfers, state.transfers_to + ROLLUP_SPAN);
    const membersUpTo = bigMin(members, state.members_to + ROLLUP_SPAN);
    await rollup.rollUp(
      trx,
      this.timeZone,
      { after: state.transfers_to, upTo: transfersUpTo },
      { after: state.members_to, upTo: membersUpTo },
      { from: state.tree_at, to: at },
    );
    if (transfersUpTo < transfers || membersUpTo < members) return false;
    await rollup.markCandidate(trx);
    return true;
  }

  /** The job: one roll-up, then the next run (at once while catching up), and the done runs of the past hour go. */
  async rollUpJob({ trx }: JobContext): Promise<void> {
    const caughtUp = await this.rollUp(trx);
    const now = Date.now();
    const next = caughtUp ? Math.ceil((now + 1) / ROLLUP_EVERY_MS) * ROLLUP_EVERY_MS : now;
    const { transfers_to } = await rollup.readRollup(trx);
    await schedule(trx, {
      kind: ROLLUP_JOB,
      runAt: new Date(next),
      payload: {},
      dedupeKey: caughtUp ? `${ROLLUP_JOB}:${next}` : `${ROLLUP_JOB}:catch-up:${transfers_to}:${now}`,
    });
    await forgetDone(trx, ROLLUP_JOB, new Date(now - 3600_000));
  }

  /** Every instance makes sure a roll-up is due; the runs then schedule each other. */
  async ensureScheduled(): Promise<void> {
    const slot = Math.floor(Date.now() / ROLLUP_EVERY_MS) * ROLLUP_EVERY_MS;
    await schedule(this.db, { kind: ROLLUP_JOB, runAt: new Date(slot), payload: {}, dedupeKey: `${ROLLUP_JOB}:${slot}` });
  }

  registerJob(jobs: JobRunner): void {
    jobs.register(ROLLUP_JOB, (context) => this.rollUpJob(context));
  }

  async dashboard(period: DashboardPeriod, merchant: string | undefined) {
    return this.snapshot(async (trx, timeZone, filterOf) => {
      const toDay = await report.today(trx, timeZone);
      const fromDay = addDays(toDay, 1 - PERIOD_DAYS[period]);
      const filter = filterOf(fromDay, toDay, { merchant });
      const page = await report.selectReport(trx, 'day', filter, { column: 'key', descending: false }, { offset: 0, limit: 31 });
      const byDay = new Map(page.rows.map((row) => [row.key, row]));
      const days = Array.from({ length: PERIOD_DAYS[period] }, (_, index) => addDays(fromDay, index)).map((day) => ({
        day,
        sums: byDay.get(day) ?? null,
      }));
      return {
        fromDay,
        toDay,
        timeZone,
        totals: page.totals,
        days,
        openRequests: await report.openRequests(trx, merchant),
        merchants: await report.merchantCodes(trx),
        asOf: new Date(),
      };
    });
  }

  async report(query: ReportQuery, page: { offset: number; limit: number }) {
    return this.snapshot(async (trx, timeZone, filterOf) => {
      const filter = filterOf(query.from, query.to, query);
      const order = { column: query.sort ?? 'key', descending: query.order === 'desc' };
      const result = await report.selectReport(trx, query.groupBy, filter, order, page);
      return { ...result, timeZone, merchants: await report.merchantCodes(trx) };
    });
  }

  /**
   * An agent's team over whole days of the report zone: one row per day with moves, accounts created or first
   * deposits, each counted for the agents above its member when it happened; and the members of the team during the
   * days who bet in them, each counted once.
   */
  async team(merchant: string, agentId: bigint, fromDay: string, toDay: string) {
    return this.snapshot(async (trx, timeZone, filterOf) => {
      const filter = filterOf(fromDay, toDay, { merchant });
      return { timeZone, ...(await team.selectTeamOverview(trx, filter, agentId)) };
    });
  }

  /** The zone the reports count days in (configured; the summaries follow it once the job has started over). */
  get zone(): string {
    return this.timeZone;
  }

  /**
   * A team's members with money moves in whole days of the report zone: deposits, withdrawals, valid bets, payouts and
   * bonuses per member, sorted and paged, with the sums over every one of them.
   */
  async teamMembers(
    merchant: string,
    members: team.TeamMembers,
    range: { fromDay: string; toDay: string },
    options: Parameters<typeof team.selectTeamMemberSums>[3],
  ) {
    return this.snapshot(async (trx, timeZone, filterOf) => {
      const page = await team.selectTeamMemberSums(trx, filterOf(range.fromDay, range.toDay, { merchant }), members, options);
      return { timeZone, ...page };
    });
  }

  /** A team's real-money bets in whole days of the report zone by game or vendor, largest valid bets first, paged. */
  async teamGames(
    merchant: string,
    agentId: bigint,
    range: { fromDay: string; toDay: string },
    groupBy: 'game' | 'vendor',
    language: string,
    page: { offset: number; limit: number },
  ) {
    return this.snapshot(async (trx, timeZone, filterOf) => {
      const result = await team.selectTeamGames(
        trx,
        filterOf(range.fromDay, range.toDay, { merchant }),
        agentId,
        groupBy,
        language,
        page,
      );
      return { timeZone, ...result };
    });
  }

  /**
   * Reads in one repeatable-read snapshot, so the summaries and the live part after `rolled_to` meet exactly: a
   * roll-up committing meanwhile moves neither. Days are the summaries' zone (the configured one, once the job has
   * started over in it).
   */
  private snapshot<T>(
    read: (
      trx: Transaction<Database>,
      zone: string,
      filterOf: (fromDay: string, toDay: string, scope: Partial<ReportQuery>) => report.ReportFilter,
    ) => Promise<T>,
  ): Promise<T> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const state = await rollup.readRollup(trx);
        return read(trx, state.time_zone, (fromDay, toDay, scope) => ({
          timeZone: state.time_zone,
          transfersTo: state.transfers_to,
          membersTo: state.members_to,
          treeAt: state.tree_at,
          fromDay,
          toDay,
          merchant: scope.merchant,
          vendor: scope.vendor,
          gameCode: scope.game,
          player: scope.player,
        }));
      });
  }
}
