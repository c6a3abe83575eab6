import type { LeaderboardRow, MissionLeaderboard, MissionSummary, MissionView, RewardItem } from '@tessera/contract/api/missions';
import type { LeaderboardPeriod } from '@tessera/contract/routes/loyalty';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import type { Ledger } from '../ledger/service.js';
import * as repo from './mission-repo.js';
import { claimByOf, maskAccount, percentOf, periodEndOf, periodStartOf, progressFrom } from './mission-rules.js';
import { type Language, nameIn } from './names.js';
import type { NewMoves } from './repo.js';

type Trx = Transaction<Database>;

/** How long an instance trusts its list of running missions on the count path (another instance's change shows after it). */
const RUNNING_CACHE_MS = 5_000;
const BOARD_SIZE = 20;

/** Pays a mission's bonus reward through the promotions' bonus account, in the claim's transaction. */
export type MissionBonus = (
  trx: Trx,
  reward: { merchant: string; memberId: bigint; promotionId: bigint; bonus: bigint; rewardKey: string },
) => Promise<'paid' | 'applying' | 'blocked' | 'refused'>;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const later = (a: string, b: string) => (a > b ? a : b);

function periodFrom(period: LeaderboardPeriod, now: Date): Date {
  const day = dayOf(now);
  if (period === 'day') return new Date(`${day}T00:00:00Z`);
  if (period === 'week') return new Date(`${periodStartOf('weekly', day)}T00:00:00Z`);
  return new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
}

/**
 * Missions (docs/decisions.md "Missions"): progress is counted from the same ledger moves the loyalty count reads, in
 * its transaction and under the member's rank row — a replayed event finds no new moves and counts nothing, and a
 * count adds at most one statement however many missions and days it covers (none while no mission runs). Login
 * days are read from the member's sign-ins when their missions are read or claimed. A reward is claimed once, under
 * the progress row's lock; points go into the points balance, a bonus through the promotions' bonus account.
 * Lock order: the member's rank row (count) or nothing (claim), the progress rows, then the ledger's accounts.
 */
export class MissionsService {
  private readonly running = new Map<string, { until: number; missions: Promise<repo.MissionRow[]> }>();
  private bonus: MissionBonus | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  payBonusThrough(bonus: MissionBonus): void {
    this.bonus = bonus;
  }

  /** Drops this instance's list of running missions (after an operator's change). */
  forget(merchant: string): void {
    this.running.delete(merchant);
  }

  /**
   * The running missions the ledger's moves count toward (login missions are read from sign-ins), from this
   * instance's short-lived list; read before the count's transaction opens.
   */
  countedOf(merchant: string): Promise<repo.MissionRow[]> {
    const cached = this.running.get(merchant);
    if (cached && cached.until > Date.now()) return cached.missions;
    const missions = repo
      .selectRunningMissions(this.db, merchant)
      .then((rows) => rows.filter((mission) => mission.kind !== 'login_days'));
    this.running.set(merchant, { until: Date.now() + RUNNING_CACHE_MS, missions });
    missions.catch(() => this.running.delete(merchant));
    return missions;
  }

  /** The loyalty count's hook: each member's new moves' progress, in its transaction (one statement, none without missions). */
  async record(
    trx: Trx,
    merchant: string,
    movesByMember: ReadonlyMap<bigint, readonly NewMoves[]>,
    counted: readonly repo.MissionRow[],
  ): Promise<void> {
    if (counted.length === 0) return;
    const increments = [...movesByMember].flatMap(([memberId, moves]) =>
      progressFrom(counted, moves).map((increment) => ({ ...increment, memberId })),
    );
    await repo.addProgress(trx, merchant, increments);
  }

  /** Brings login missions' current periods up to the sign-ins so far. */
  private async countLogins(db: Kysely<Database>, merchant: string, memberId: bigint, missions: readonly repo.MissionRow[]) {
    const today = dayOf(this.now());
    for (const mission of missions) {
      if (mission.kind !== 'login_days') continue;
      const periodStart = periodStartOf(mission.period, today);
      const from = later(periodStart, dayOf(mission.starts_at));
      const progress = await repo.loginDays(db, merchant, memberId, from, periodEndOf(mission.period, periodStart));
      await repo.setProgressAtLeast(db, merchant, memberId, {
        missionId: mission.id,
        periodStart,
        target: mission.target,
        progress,
      });
    }
  }

  private view(
    mission: repo.MissionRow,
    row: repo.ProgressRow | undefined,
    periodStart: string,
    language: Language,
  ): MissionView {
    const target = row?.target ?? mission.target;
    const progress = row?.progress ?? 0n;
    const claimBy = claimByOf(mission.period, periodStart);
    return {
      id: mission.id.toString(),
      name: nameIn(mission.names, language),
      kind: mission.kind,
      gameCategory: mission.game_category,
      period: mission.period,
      periodStart,
      periodEndsAt: periodEndOf(mission.period, periodStart)?.getTime() ?? null,
      target: target.toString(),
      progress: progress.toString(),
      percent: percentOf(progress, target),
      rewardType: mission.reward_type,
      rewardAmount: mission.reward_amount.toString(),
      status: row?.claimed_at ? 'claimed' : row?.completed_at ? 'claimable' : 'in_progress',
      claimBy: claimBy?.getTime() ?? null,
    };
  }

  /**
   * Each running mission in its current period, then rewards of earlier periods (or of stopped missions) still
   * waiting to be claimed; the count of rewards claimable now. The caller has counted the member's moves first.
   */
  async summary(merchant: string, memberId: bigint, language: Language): Promise<MissionSummary> {
    const now = this.now();
    const today = dayOf(now);
    const running = await repo.selectRunningMissions(this.db, merchant);
    await this.countLogins(this.db, merchant, memberId, running);
    const current = running.map((mission) => ({ missionId: mission.id, periodStart: periodStartOf(mission.period, today) }));
    const rows = await repo.selectMemberProgress(this.db, memberId, current);
    const key = (missionId: bigint, periodStart: string) => `${missionId}/${periodStart}`;
    const byKey = new Map(rows.map((row) => [key(row.mission_id, row.period_start), row]));
    const list = running.map((mission, i) => {
      const periodStart = current[i]?.periodStart ?? today;
      const row = byKey.get(key(mission.id, periodStart));
      byKey.delete(key(mission.id, periodStart));
      return this.view(mission, row, periodStart, language);
    });
    const waiting = [...byKey.values()];
    const missions = new Map(
      (await repo.selectMissions(this.db, merchant, [...new Set(waiting.map((row) => row.mission_id))])).map((m) => [m.id, m]),
    );
    for (const row of waiting) {
      const mission = missions.get(row.mission_id) ?? running.find((m) => m.id === row.mission_id);
      if (mission) list.push(this.view(mission, row, row.period_start, language));
    }
    const open = list.filter((view) => view.status === 'claimable' && (view.claimBy === null || view.claimBy >= now.getTime()));
    return { list: list.filter((view) => view.status !== 'claimable' || open.includes(view)), claimableCount: open.length };
  }

  /** The reward centre's mission entries: every completed reward not claimed and not expired. */
  async claimable(merchant: string, memberId: bigint, language: Language): Promise<RewardItem[]> {
    const { list } = await this.summary(merchant, memberId, language);
    return list
      .filter((view) => view.status === 'claimable')
      .map((view) => ({
        source: 'mission',
        id: view.id,
        periodStart: view.periodStart,
        title: view.name,
        rewardType: view.rewardType,
        amount: view.rewardAmount,
        expiresAt: view.claimBy,
      }));
  }

  /** Claims a completed mission's reward for one period, once: a second claim, here or on any instance, is refused. */
  async claim(
    merchant: string,
    memberId: bigint,
    missionId: bigint,
    periodStart: string,
    language: Language,
  ): Promise<RewardItem> {
    const [mission] = await repo.selectMissions(this.db, merchant, [missionId]);
    if (!mission) throw new AppError('loyalty.mission.not.found');
    if (mission.kind === 'login_days' && mission.stopped_at === null)
      await this.countLogins(this.db, merchant, memberId, [mission]);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockProgress(trx, missionId, memberId, periodStart);
      if (!row?.completed_at) throw new AppError('loyalty.mission.incomplete');
      if (row.claimed_at) throw new AppError('loyalty.mission.claimed');
      const claimBy = claimByOf(mission.period, periodStart);
      if (claimBy && claimBy < now) throw new AppError('loyalty.mission.expired');
      const rewardKey = `${missionId}:${memberId}:${periodStart}`;
      if (mission.reward_type === 'points') {
        await this.ledger.transfer(
          {
            merchant,
            from: { kind: 'house', purpose: 'points' },
            to: { kind: 'member_points', memberId },
            amount: mission.reward_amount,
            kind: 'points',
            cause: { type: 'member', id: memberId.toString() },
            idempotencyKey: `mission-reward:${rewardKey}`,
            memo: { pointsType: 'earn', remark: nameIn(mission.names, language), missionId: missionId.toString(), periodStart },
          },
          trx,
        );
      } else {
        if (!this.bonus || mission.promotion_id === null) throw new Error('missions: no bonus payer composed');
        const paid = await this.bonus(trx, {
          merchant,
          memberId,
          promotionId: mission.promotion_id,
          bonus: mission.reward_amount,
          rewardKey,
        });
        if (paid === 'blocked') throw new AppError('loyalty.mission.bonus.busy');
      }
      await repo.markClaimed(trx, missionId, memberId, periodStart, now);
    });
    return {
      source: 'mission',
      id: missionId.toString(),
      periodStart,
      title: nameIn(mission.names, language),
      rewardType: mission.reward_type,
      amount: mission.reward_amount.toString(),
      expiresAt: null,
    };
  }

  /** The members who completed the most missions since the period began, names masked; the member's own place. */
  async leaderboard(merchant: string, memberId: bigint | null, period: LeaderboardPeriod): Promise<MissionLeaderboard> {
    const from = periodFrom(period, this.now());
    const rows = await repo.selectBoard(this.db, merchant, from, BOARD_SIZE, memberId);
    const view = (row: repo.BoardRow): LeaderboardRow => ({
      rank: row.rank,
      account: maskAccount(row.account),
      completed: row.completed,
      me: row.member_id === memberId,
    });
    return {
      period,
      from: from.getTime(),
      list: rows.filter((row) => row.rank <= BOARD_SIZE).map(view),
      mine: ((row) => (row ? view(row) : null))(rows.find((row) => row.member_id === memberId)),
    };
  }
}
