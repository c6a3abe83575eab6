import type { PointBalance, PointConfig, PointEntry, PointItem, Redemption } from '@tessera/contract/api/loyalty';
import type { PointsEntryType } from '@tessera/contract/routes/loyalty';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AccountRef, type Ledger, randomShard } from '../ledger/service.js';
import { verifyPaymentPassword } from '../security-centre/payment-password.js';
import { type Language, nameIn } from './names.js';
import * as repo from './repo.js';
import type { SettingsOf } from './service.js';

const HOUSE_POINTS: AccountRef = { kind: 'house', purpose: 'points' };
const HOUSE_PROMOTIONS: AccountRef = { kind: 'house', purpose: 'promotions' };
const pointsAccount = (memberId: bigint): AccountRef => ({ kind: 'member_points', memberId });

export function redemptionView(row: repo.RedemptionRow, language: Language): Redemption {
  return {
    id: row.id.toString(),
    itemId: row.item_id.toString(),
    itemName: nameIn(row.names, language),
    image: row.image,
    quantity: row.quantity,
    redeemAmount: row.points.toString(),
    status: row.status,
    remark: row.remark,
    createdAt: row.created_at.getTime(),
    decidedAt: row.decided_at?.getTime() ?? null,
  };
}

const ENTRY_TYPES = new Set<string>(['earn', 'redeem', 'refund', 'convert']);

function entryView(row: repo.PointEntryRow): PointEntry {
  const memo = row.memo ?? {};
  const type = typeof memo.pointsType === 'string' && ENTRY_TYPES.has(memo.pointsType) ? memo.pointsType : 'earn';
  const amount = BigInt(row.amount) * BigInt(row.sign);
  return {
    id: row.id.toString(),
    type: type as PointsEntryType,
    changedPoints: amount.toString(),
    pointsBalance: String(row.balance_after ?? 0),
    remark: typeof memo.remark === 'string' ? memo.remark : '',
    time: new Date(row.created_at).getTime(),
  };
}

/**
 * Points (spec §7.5): the balance is the member's `member_points` ledger account, so it is never negative, every
 * change is a double-entry transfer against the house's points account, and a retried request (same request id)
 * changes nothing twice. Points never expire. Redeeming takes the item's stock and the points in one transaction
 * (the stock's guarded UPDATE first: no oversell); a rejection returns both. Converting pays cash at the ratio.
 */
export class PointsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly settingsOf: SettingsOf,
  ) {}

  async balance(merchant: string, memberId: bigint): Promise<PointBalance> {
    const [balance, rank] = await Promise.all([
      this.ledger.balanceOf(merchant, pointsAccount(memberId)),
      repo.selectRank(this.db, memberId),
    ]);
    return { pointsBalance: balance.available.toString(), earnedTotal: (rank?.earned_total ?? 0n).toString(), expires: false };
  }

  async config(merchant: string): Promise<PointConfig> {
    const { points } = await this.settingsOf(merchant);
    return {
      pointsRatio: { points: points.convertPoints, amountMinor: points.convertMinor },
      minConvertPoints: points.minConvertPoints,
      convertible: points.convertMinor !== '0',
      earnRates: Object.entries(points.earnRates)
        .filter(([, rate]) => rate > 0)
        .map(([gameCategory, pointsPer10kMinor]) => ({ gameCategory, pointsPer10kMinor })),
      expires: false,
    };
  }

  async items(merchant: string, memberId: bigint | null, language: Language): Promise<{ list: PointItem[] }> {
    const [rows, mine] = await Promise.all([
      repo.selectItems(this.db, merchant, true),
      memberId === null ? Promise.resolve(new Map<string, number>()) : repo.selectRedeemedByMember(this.db, memberId),
    ]);
    return {
      list: rows.map((row) => ({
        id: row.id.toString(),
        name: nameIn(row.names, language),
        image: row.image,
        pointsPrice: row.points_price.toString(),
        stock: row.stock,
        perMemberLimit: row.per_member_limit,
        redeemedByMe: mine.get(row.id.toString()) ?? 0,
      })),
    };
  }

  async redeem(
    merchant: string,
    memberId: bigint,
    body: { itemId: string; quantity: number; paymentPassword: string; requestId: string },
    language: Language,
  ): Promise<{ redemption: Redemption; pointsBalance: string }> {
    const itemId = BigInt(body.itemId);
    const replay = await this.replayedRedemption(memberId, body, language);
    if (replay) return replay;
    await verifyPaymentPassword(this.db, merchant, memberId, body.paymentPassword);
    const id = await this.db.transaction().execute(async (trx) => {
      const item = await repo.takeStock(trx, merchant, itemId, body.quantity);
      if (!item) {
        const exists = await repo.selectItem(trx, merchant, itemId);
        throw new AppError(exists ? 'loyalty.item.unavailable' : 'loyalty.item.not.found');
      }
      if (item.per_member_limit !== null) {
        const already = await repo.redeemedByMemberOf(trx, memberId, itemId);
        if (already + body.quantity > item.per_member_limit) {
          throw new AppError('loyalty.limit.reached', {
            fields: [{ field: 'body/quantity', key: 'errors.loyalty_limit_reached', params: { limit: item.per_member_limit } }],
          });
        }
      }
      const points = item.points_price * BigInt(body.quantity);
      const inserted = await repo.insertRedemption(trx, {
        merchant,
        memberId,
        itemId,
        requestId: body.requestId,
        quantity: body.quantity,
        points,
      });
      if (inserted === undefined) throw new AppError('loyalty.request.conflict');
      await this.ledger
        .transfer(
          {
            merchant,
            from: pointsAccount(memberId),
            to: HOUSE_POINTS,
            amount: points,
            kind: 'points',
            cause: { type: 'member', id: memberId.toString() },
            idempotencyKey: `points-redeem:${inserted}`,
            memo: { pointsType: 'redeem', remark: nameIn(item.names, language), redemptionId: inserted.toString() },
          },
          trx,
        )
        .catch(insufficientPoints);
      return inserted;
    });
    return this.redemptionAnswer(merchant, memberId, id, language);
  }

  /** A request id already used: its redemption when the request is the same, else a conflict; undefined when new. */
  private async replayedRedemption(
    memberId: bigint,
    body: { itemId: string; quantity: number; requestId: string },
    language: Language,
  ) {
    const earlier = await repo.selectRedemptionByRequest(this.db, memberId, body.requestId);
    if (!earlier) return undefined;
    if (earlier.item_id.toString() !== body.itemId || earlier.quantity !== body.quantity)
      throw new AppError('loyalty.request.conflict');
    return this.redemptionAnswer(earlier.merchant_code, memberId, earlier.id, language);
  }

  private async redemptionAnswer(merchant: string, memberId: bigint, id: bigint, language: Language) {
    const [row, balance] = await Promise.all([
      repo.selectRedemption(this.db, merchant, id),
      this.ledger.balanceOf(merchant, pointsAccount(memberId)),
    ]);
    if (!row) throw new Error('loyalty: the redemption vanished');
    return { redemption: redemptionView(row, language), pointsBalance: balance.available.toString() };
  }

  async redemptions(memberId: bigint, page: { page: number; size: number }, language: Language) {
    const { rows, total } = await repo.selectMemberRedemptions(this.db, memberId, {
      offset: (page.page - 1) * page.size,
      limit: page.size,
    });
    return { list: rows.map((row) => redemptionView(row, language)), total };
  }

  async details(merchant: string, memberId: bigint, page: { page: number; size: number }) {
    const { rows, total } = await repo.selectPointEntries(this.db, merchant, memberId, {
      offset: (page.page - 1) * page.size,
      limit: page.size,
    });
    return { list: rows.map(entryView), total };
  }

  /** Points → cash at the ratio: whole conversion units only; the points a unit does not use stay. */
  async convert(merchant: string, memberId: bigint, body: { points: string; paymentPassword: string; requestId: string }) {
    const { points: rules } = await this.settingsOf(merchant);
    const asked = BigInt(body.points);
    const earlier = await repo.selectConversion(this.db, memberId, body.requestId);
    if (earlier) {
      if (earlier.points !== asked - (asked % BigInt(rules.convertPoints))) throw new AppError('loyalty.request.conflict');
      return this.conversionAnswer(merchant, memberId, earlier.points, earlier.amount_minor);
    }
    const unitMinor = BigInt(rules.convertMinor);
    if (unitMinor === 0n) throw new AppError('loyalty.convert.unavailable');
    const unitPoints = BigInt(rules.convertPoints);
    const points = asked - (asked % unitPoints);
    if (asked < BigInt(rules.minConvertPoints) || points === 0n) {
      throw new AppError('loyalty.convert.below.min', {
        fields: [
          {
            field: 'body/points',
            key: 'errors.loyalty_convert_below_min',
            params: { min: Math.max(rules.minConvertPoints, rules.convertPoints) },
          },
        ],
      });
    }
    await verifyPaymentPassword(this.db, merchant, memberId, body.paymentPassword);
    const amount = (points / unitPoints) * unitMinor;
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.insertConversion(trx, { merchant, memberId, requestId: body.requestId, points, amount })))
        throw new AppError('loyalty.request.conflict');
      const shard = randomShard();
      const cause = { type: 'member', id: memberId.toString() } as const;
      await this.ledger
        .transfer(
          {
            merchant,
            from: pointsAccount(memberId),
            to: HOUSE_POINTS,
            amount: points,
            kind: 'points',
            cause,
            idempotencyKey: `points-convert:${memberId}:${body.requestId}`,
            memo: { pointsType: 'convert', amountMinor: amount.toString() },
            shard,
          },
          trx,
        )
        .catch(insufficientPoints);
      await this.ledger.transfer(
        {
          merchant,
          from: HOUSE_PROMOTIONS,
          to: { kind: 'member_main', memberId },
          amount,
          kind: 'bonus',
          cause,
          idempotencyKey: `points-cash:${memberId}:${body.requestId}`,
          memo: { pointsConverted: Number(points) },
          shard,
        },
        trx,
      );
    });
    return this.conversionAnswer(merchant, memberId, points, amount);
  }

  private async conversionAnswer(merchant: string, memberId: bigint, points: bigint, amount: bigint) {
    const balance = await this.ledger.balanceOf(merchant, pointsAccount(memberId));
    return { changedPoints: (-points).toString(), amountMinor: amount.toString(), pointsBalance: balance.available.toString() };
  }
}

function insufficientPoints(error: unknown): never {
  if (error instanceof AppError && error.code === 'wallet.insufficient.funds') throw new AppError('loyalty.points.insufficient');
  throw error;
}
