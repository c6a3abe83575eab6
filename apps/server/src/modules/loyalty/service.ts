import type { VipOverview } from '@tessera/contract/api/loyalty';
import type { PointsSettings, VipSettings } from '@tessera/contract/loyalty-settings';
import type { Settings } from '@tessera/contract/settings';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forgetDone, type JobContext, type JobRunner, schedule } from '../jobs/service.js';
import { type AccountRef, type Ledger, randomShard } from '../ledger/service.js';
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

  /**
   * Counts the member's ledger moves since the mark. Cheap when there is nothing new (one read); otherwise one
   * transaction under the member's rank row. Safe to call from any number of instances at once.
   */
  async catchUp(merchant: string, memberId: bigint): Promise<void> {
    const seen = await repo.selectRank(this.db, memberId);
    const fresh = await repo.selectNewMoves(this.db, merchant, memberId, seen?.counted_through ?? 0n);
    if (fresh.length === 0) return;
    const [settings, missions] = await Promise.all([this.settingsOf(merchant), this.missions.countedOf(merchant)]);
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockRank(trx, merchant, memberId);
      const moves =
        row.counted_through === (seen?.counted_through ?? 0n)
          ? fresh
          : await repo.selectNewMoves(trx, merchant, memberId, row.counted_through);
      if (moves.length === 0) return;
      await this.count(trx, row, moves, settings, missions);
    });
  }

  private async count(trx: Trx, row: repo.RankRow, moves: repo.NewMoves[], settings: Settings, missions: MissionRow[]) {
    const merchant = row.merchant_code;
    const memberId = row.member_id;
    const byDay = new Map<string, { deposits: bigint; validBet: bigint }>();
    for (const move of moves) {
      const day = byDay.get(move.day) ?? { deposits: 0n, validBet: 0n };
      day.deposits += BigInt(move.deposits);
      day.validBet += BigInt(move.valid_bet);
      byDay.set(move.day, day);
    }
    for (const [day, sums] of byDay) await repo.addToDay(trx, memberId, day, sums.deposits, sums.validBet);
    await this.missions.record(trx, merchant, memberId, moves, missions);
    const through = moves.reduce((max, move) => (BigInt(move.through) > max ? BigInt(move.through) : max), row.counted_through);
    const shard = randomShard();
    const earned = pointsFor(settings.points.earnRates, moves, row.points_carry);
    if (earned.points > 0n) {
      await this.ledger.transfer(
        {
          merchant,
          from: HOUSE_POINTS,
          to: { kind: 'member_points', memberId },
          amount: earned.points,
          kind: 'points',
          cause: { type: 'member', id: memberId.toString() },
          idempotencyKey: `points-earn:${memberId}:${through}`,
          memo: { pointsType: 'earn' },
          shard,
        },
        trx,
      );
    }
    await repo.saveCount(trx, memberId, { through, carry: earned.carry, earned: earned.points });
    await this.upgrade(trx, row, settings.vip, shard);
  }

  private async upgrade(trx: Trx, row: repo.RankRow, vip: VipSettings, shard: number) {
    const now = this.now();
    const sums = await repo.windowSums(trx, row.member_id, vip.windowDays, now);
    const reached = reachedLevel(vip, sums);
    if (reached <= row.rank_level) return;
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
