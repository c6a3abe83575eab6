import type { VipOverview } from '@tessera/contract/api/loyalty';
import type { PointsSettings, VipSettings } from '@tessera/contract/loyalty-settings';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forgetDone, type JobContext, type JobRunner, schedule } from '../jobs/service.js';
import { type AccountRef, type Ledger, randomShard, type TransferInput } from '../ledger/service.js';
import type { MissionRow } from './mission-repo.js';
import type { MissionsService } from './missions.js';
import { hasVipService, keptLevel, labelOf, levelViews, progressOf, reachedLevel } from './ranks.js';
import * as repo from './repo.js';

export const VIP_REVIEW_JOB = 'loyalty.vip-review';

const DAY_MS = 86_400_000;
const REVIEW_BATCH = 2000;
/** Earning rates are per 10,000 minor units of valid bet; what is not yet a whole point is carried. */
const RATE_UNIT = 10_000n;

const HOUSE_POINTS: AccountRef = { kind: 'house', purpose: 'points' };
const HOUSE_PROMOTIONS: AccountRef = { kind: 'house', purpose: 'promotions' };

type Trx = Transaction<Database>;
export type SettingsOf = (merchant: string) => Promise<Settings>;

/** A member's rank as other modules read it (promotion audiences, payment channels). */
export interface MemberRank {
  rankLevel: number;
  labelName: string;
  vipService: boolean;
}

/** What a member's level gives in other modules' money paths (cashback, withdrawals); zeros: nothing beyond the site's rules. */
export interface LevelBenefits {
  labelName: string;
  cashbackExtraBasisPoints: number;
  /** Replaces the site's daily withdrawal maximum; 0n: the site's applies. */
  withdrawalDailyMaxMinor: bigint;
  /** Withdrawal requests per day; 0: no count limit. */
  withdrawalDailyCount: number;
}

/** Points for new valid bets, by category rate, with the fraction carried: exact, never rounded up. */
export function pointsFor(rates: PointsSettings['earnRates'], bets: readonly repo.NewMoves[], carry: number) {
  let units = BigInt(carry);
  for (const bet of bets) {
    const rate = bet.category === null ? 0 : (rates[bet.category] ?? 0);
    units += BigInt(bet.valid_bet) * BigInt(rate);
  }
  return { points: units / RATE_UNIT, carry: Number(units % RATE_UNIT) };
}

/**
 * VIP ranks and points earned (docs/decisions.md "Loyalty"). The money path's event — the ledger's NOTIFY on every
 * change of a member's account — makes `catchUp` count the member's new bets and deposits: their day sums, the points
 * their valid bets earn, mission progress, and an upgrade the moment a threshold is crossed (with its bonus). The spin itself pays
 * nothing for it. A daily job moves members down by the retention rule (once per member and day) and pays the
 * monthly VIP bonus. Lock order: the member's rank row, then mission progress rows, then the points accounts, then the main wallet.
 */
export class LoyaltyService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly settingsOf: SettingsOf,
    private readonly missions: MissionsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The narrow read: a member's rank level and label (level 0 for a member who never played). */
  async rankOf(merchant: string, memberId: bigint): Promise<MemberRank> {
    const [level, settings] = await Promise.all([this.levelOf(merchant, memberId), this.settingsOf(merchant)]);
    return { rankLevel: level, labelName: labelOf(settings.vip, level), vipService: hasVipService(level) };
  }

  /** The benefits of the member's level now, read through `db` (a caller's transaction may pass its own). */
  async benefitsOf(merchant: string, memberId: bigint, db: Kysely<Database> = this.db): Promise<LevelBenefits> {
    const [level, { vip }] = await Promise.all([this.levelOf(merchant, memberId, db), this.settingsOf(merchant)]);
    const settings = vip.levels[Math.min(level, vip.levels.length - 1)];
    return {
      labelName: labelOf(vip, level),
      cashbackExtraBasisPoints: settings?.cashbackExtraBasisPoints ?? 0,
      withdrawalDailyMaxMinor: BigInt(settings?.withdrawalDailyMaxMinor ?? '0'),
      withdrawalDailyCount: settings?.withdrawalDailyCount ?? 0,
    };
  }

  /** A member's rank level alone, read through `db` (a caller's transaction: the rank row, no settings). */
  async levelOf(merchant: string, memberId: bigint, db: Kysely<Database> = this.db): Promise<number> {
    const row = await repo.selectRank(db, memberId);
    return row && row.merchant_code === merchant ? row.rank_level : 0;
  }

  /** The ladder; with a member, counted up to now, their level and progress to the next. */
  async overview(merchant: string, memberId: bigint | null): Promise<VipOverview> {
    const { vip } = await this.settingsOf(merchant);
    if (memberId === null) return { windowDays: vip.windowDays, levels: levelViews(vip), member: null };
    await this.catchUp(merchant, memberId);
    const row = await repo.selectRank(this.db, memberId);
    const now = this.now();
    const sums = await repo.windowSums(this.db, memberId, vip.windowDays, now);
    const level = row?.rank_level ?? 0;
    return {
      windowDays: vip.windowDays,
      levels: levelViews(vip),
      member: progressOf(vip, level, row?.level_since ?? now, sums),
    };
  }

  /** Counts the member's ledger moves since the mark (`catchUpMany` for one member). */
  catchUp(merchant: string, memberId: bigint): Promise<void> {
    return this.catchUpMany(merchant, [memberId]);
  }

  /**
   * Counts the members' ledger moves since each one's mark. Cheap when there is nothing new (one read); otherwise
   * one transaction under their rank rows whose statements do not grow with the number of members. A batch that
   * fails is counted again member by member, so one member's fault holds back no one else. Safe to call from any
   * number of instances at once.
   */
  async catchUpMany(merchant: string, memberIds: readonly bigint[]): Promise<void> {
    const ids = [...new Set(memberIds)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    if (ids.length === 0) return;
    try {
      await this.countMembers(merchant, ids);
    } catch (error) {
      if (ids.length === 1) throw error;
      const failures: unknown[] = [];
      for (const id of ids) await this.countMembers(merchant, [id]).catch((err: unknown) => failures.push(err));
      if (failures.length > 0) throw failures[0];
    }
  }

  private async countMembers(merchant: string, ids: readonly bigint[]): Promise<void> {
    const fresh = await repo.selectNewMoves(
      this.db,
      merchant,
      ids.map((memberId) => ({ memberId, after: null })),
    );
    if (fresh.length === 0) return;
    const readAfter = new Map(fresh.map((move) => [move.member_id, move.mark]));
    const [settings, missions] = await Promise.all([this.settingsOf(merchant), this.missions.countedOf(merchant)]);
    await this.db.transaction().execute(async (trx) => {
      const rows = await repo.lockRanks(trx, merchant, [...readAfter.keys()]);
      const moved = rows.filter((row) => row.counted_through !== readAfter.get(row.member_id));
      const movedIds = new Set(moved.map((row) => row.member_id));
      const moves = [
        ...fresh.filter((move) => !movedIds.has(move.member_id)),
        ...(await repo.selectNewMoves(
          trx,
          merchant,
          moved.map((row) => ({ memberId: row.member_id, after: row.counted_through })),
        )),
      ];
      if (moves.length > 0) await this.count(trx, rows, moves, settings, missions);
    });
  }

  /** Day sums, mission progress, points and upgrades for the locked members' new moves: one statement each. */
  private async count(trx: Trx, rows: repo.RankRow[], moves: repo.MemberMoves[], settings: Settings, missions: MissionRow[]) {
    const byMember = new Map<bigint, repo.MemberMoves[]>();
    for (const move of moves) {
      const mine = byMember.get(move.member_id);
      if (mine) mine.push(move);
      else byMember.set(move.member_id, [move]);
    }
    const counted = rows.filter((row) => byMember.has(row.member_id));
    const merchant = counted[0]?.merchant_code;
    if (merchant === undefined) return;

    const days = new Map<string, { memberId: bigint; day: string; deposits: bigint; validBet: bigint }>();
    for (const move of moves) {
      const key = `${move.member_id}/${move.day}`;
      const day = days.get(key) ?? { memberId: move.member_id, day: move.day, deposits: 0n, validBet: 0n };
      day.deposits += BigInt(move.deposits);
      day.validBet += BigInt(move.valid_bet);
      days.set(key, day);
    }
    await repo.addToDays(trx, [...days.values()]);
    await this.missions.record(trx, merchant, byMember, missions);

    const shard = randomShard();
    const marks: { memberId: bigint; through: bigint; carry: number; earned: bigint }[] = [];
    const credits: TransferInput[] = [];
    for (const row of counted) {
      const mine = byMember.get(row.member_id) ?? [];
      const through = mine.reduce((max, move) => (BigInt(move.through) > max ? BigInt(move.through) : max), row.counted_through);
      const earned = pointsFor(settings.points.earnRates, mine, row.points_carry);
      marks.push({ memberId: row.member_id, through, carry: earned.carry, earned: earned.points });
      if (earned.points > 0n) {
        credits.push({
          merchant,
          from: HOUSE_POINTS,
          to: { kind: 'member_points', memberId: row.member_id },
          amount: earned.points,
          kind: 'points',
          cause: { type: 'member', id: row.member_id.toString() },
          idempotencyKey: `points-earn:${row.member_id}:${through}`,
          memo: { pointsType: 'earn' },
          shard,
        });
      }
    }
    await this.ledger.creditBatch(credits, trx);
    await repo.saveCounts(trx, marks);

    const now = this.now();
    const sums = await repo.windowSumsOf(
      trx,
      counted.map((row) => row.member_id),
      settings.vip.windowDays,
      now,
    );
    for (const row of counted) {
      const reached = reachedLevel(settings.vip, sums.get(row.member_id) ?? { deposits: 0n, validBet: 0n });
      if (reached > row.rank_level) await this.upgrade(trx, row, reached, settings.vip, now, shard);
    }
  }

  private async upgrade(trx: Trx, row: repo.RankRow, reached: number, vip: VipSettings, now: Date, shard: number) {
    await repo.setLevel(trx, row, reached, now, { reason: 'upgrade' });
    for (let level = row.highest_level + 1; level <= reached; level++) {
      const bonus = BigInt(vip.levels[level]?.upgradeBonusMinor ?? '0');
      if (bonus === 0n) continue;
      await this.ledger.transfer(
        {
          merchant: row.merchant_code,
          from: HOUSE_PROMOTIONS,
          to: { kind: 'member_main', memberId: row.member_id },
          amount: bonus,
          kind: 'bonus',
          cause: { type: 'member', id: row.member_id.toString() },
          idempotencyKey: `vip-upgrade:${row.member_id}:${level}`,
          memo: { vipBonus: 'upgrade', rankLevel: level },
          shard,
        },
        trx,
      );
    }
  }

  /**
   * The daily review: each member whose level has lasted a whole window drops to the highest level whose keep rule
   * their window's valid bets meet (one change per member and review day, whatever runs it twice); then the month's
   * VIP bonus for members who have not had it.
   */
  async review(trx: Trx, at: Date): Promise<{ downgraded: number; monthlyPaid: number }> {
    const reviewDay = at.toISOString().slice(0, 10);
    const month = repo.monthOf(at);
    let downgraded = 0;
    let monthlyPaid = 0;
    for (const merchant of await repo.selectRankedMerchants(trx)) {
      const { vip } = await this.settingsOf(merchant);
      const lastedSince = new Date(at.getTime() - vip.windowDays * DAY_MS);
      for (const row of await repo.lockReviewCandidates(trx, merchant, lastedSince, REVIEW_BATCH)) {
        const sums = await repo.windowSums(trx, row.member_id, vip.windowDays, at);
        const kept = keptLevel(vip, row.rank_level, sums.validBet);
        if (kept < row.rank_level && (await repo.setLevel(trx, row, kept, at, { reason: 'downgrade', reviewDay }))) downgraded++;
      }
      const shard = randomShard();
      for (const row of await repo.lockMonthlyDue(trx, merchant, month, REVIEW_BATCH)) {
        const bonus = BigInt(vip.levels[Math.min(row.rank_level, vip.levels.length - 1)]?.monthlyBonusMinor ?? '0');
        if (bonus > 0n) {
          await this.ledger.transfer(
            {
              merchant,
              from: HOUSE_PROMOTIONS,
              to: { kind: 'member_main', memberId: row.member_id },
              amount: bonus,
              kind: 'bonus',
              cause: { type: 'job', id: `${VIP_REVIEW_JOB}:${month}` },
              idempotencyKey: `vip-monthly:${row.member_id}:${month}`,
              memo: { vipBonus: 'monthly', rankLevel: row.rank_level, month },
              shard,
            },
            trx,
          );
          monthlyPaid++;
        }
        await repo.markMonthlyPaid(trx, row.member_id, month);
      }
    }
    return { downgraded, monthlyPaid };
  }

  /** The job: today's review, then tomorrow's (00:05 UTC); done runs older than a week go. */
  async reviewJob({ trx }: JobContext): Promise<void> {
    const now = this.now();
    await this.review(trx, now);
    const next = nextReviewAt(now);
    await schedule(trx, { kind: VIP_REVIEW_JOB, runAt: next, payload: {}, dedupeKey: `${VIP_REVIEW_JOB}:${next.getTime()}` });
    await forgetDone(trx, VIP_REVIEW_JOB, new Date(now.getTime() - 7 * DAY_MS));
  }

  /** Every instance makes sure the next review is due; the runs then schedule each other. */
  async ensureScheduled(): Promise<void> {
    const next = nextReviewAt(this.now());
    await schedule(this.db, { kind: VIP_REVIEW_JOB, runAt: next, payload: {}, dedupeKey: `${VIP_REVIEW_JOB}:${next.getTime()}` });
  }

  registerJob(jobs: JobRunner): void {
    jobs.register(VIP_REVIEW_JOB, (context) => this.reviewJob(context));
  }
}

/** The next 00:05 UTC after `now`. */
export function nextReviewAt(now: Date): Date {
  const day = Math.floor(now.getTime() / DAY_MS) * DAY_MS + 5 * 60_000;
  return new Date(day > now.getTime() ? day : day + DAY_MS);
}
