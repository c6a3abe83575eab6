import type { MallItemAdmin, MallItemInput, RedemptionAdmin } from '@tessera/contract/api/back-office-loyalty';
import type { RedemptionStatus } from '@tessera/contract/routes/loyalty';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import type { Ledger } from '../ledger/service.js';
import type { Language } from './names.js';
import { redemptionView } from './points.js';
import * as repo from './repo.js';

function itemOf(row: repo.ItemRow): MallItemAdmin {
  return {
    id: row.id.toString(),
    names: row.names,
    image: row.image,
    pointsPrice: row.points_price.toString(),
    stock: row.stock,
    perMemberLimit: row.per_member_limit,
    active: row.active,
    redeemedCount: row.redeemed_count,
    updatedAt: row.updated_at.getTime(),
    updatedBy: row.updated_by,
  };
}

const rowOf = (input: MallItemInput, by: string) => ({
  names: input.names,
  image: input.image,
  points_price: BigInt(input.pointsPrice),
  stock: input.stock,
  per_member_limit: input.perMemberLimit,
  active: input.active,
  updated_by: by,
});

function checkNames(input: MallItemInput, defaultLanguage: string) {
  if (!input.names[defaultLanguage]?.trim()) {
    throw new AppError('loyalty.item.rejected', {
      fields: [
        {
          field: 'body/names',
          key: 'errors.loyalty_item_rejected',
          params: { reason: `a name in ${defaultLanguage} is required` },
        },
      ],
    });
  }
}

/**
 * The back office's points mall: items and the redemption queue, each change audited in its own transaction. A
 * rejection returns the points to the member and the units to the stock; a decided redemption stays decided.
 */
export class LoyaltyAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
  ) {}

  async items(merchant: string): Promise<MallItemAdmin[]> {
    return (await repo.selectItems(this.db, merchant, false)).map(itemOf);
  }

  async createItem(merchant: string, input: MallItemInput, defaultLanguage: string, who: AuditActor): Promise<MallItemAdmin> {
    checkNames(input, defaultLanguage);
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.insertItem(trx, { merchant_code: merchant, ...rowOf(input, who.actor) });
      await appendAudit(trx, who, {
        action: 'point-mall.item.create',
        target: row.id.toString(),
        merchantCode: merchant,
        after: input,
      });
      return itemOf(row);
    });
  }

  async updateItem(
    merchant: string,
    id: bigint,
    input: MallItemInput,
    defaultLanguage: string,
    who: AuditActor,
  ): Promise<MallItemAdmin> {
    checkNames(input, defaultLanguage);
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.lockItem(trx, merchant, id);
      if (!before) throw new AppError('loyalty.item.not.found');
      const row = await repo.updateItem(trx, id, rowOf(input, who.actor));
      await appendAudit(trx, who, {
        action: 'point-mall.item.update',
        target: id.toString(),
        merchantCode: merchant,
        before: itemOf(before),
        after: input,
      });
      return itemOf(row);
    });
  }

  async queue(merchant: string, status: RedemptionStatus | undefined, language: Language): Promise<RedemptionAdmin[]> {
    return this.withBalances(merchant, await repo.selectQueue(this.db, merchant, { status }), language);
  }

  private async withBalances(
    merchant: string,
    rows: Awaited<ReturnType<typeof repo.selectQueue>>,
    language: Language,
  ): Promise<RedemptionAdmin[]> {
    const balances = new Map<string, string>();
    for (const memberId of new Set(rows.map((row) => row.member_id))) {
      const balance = await this.ledger.balanceOf(merchant, { kind: 'member_points', memberId });
      balances.set(memberId.toString(), balance.available.toString());
    }
    return rows.map((row) => ({
      ...redemptionView(row, language),
      account: row.account,
      decidedBy: row.decided_by,
      pointsBalance: balances.get(row.member_id.toString()) ?? '0',
    }));
  }

  async decide(
    merchant: string,
    id: bigint,
    decision: { decision: 'approve' | 'reject'; remark: string },
    language: Language,
    who: AuditActor,
  ): Promise<RedemptionAdmin> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.lockRedemption(trx, merchant, id);
      if (!row) throw new AppError('loyalty.redemption.not.found');
      if (row.status !== 'in_process') throw new AppError('loyalty.redemption.decided');
      const status = decision.decision === 'approve' ? 'approved' : 'rejected';
      if (status === 'rejected') {
        await repo.returnStock(trx, row.item_id, row.quantity);
        await this.ledger.transfer(
          {
            merchant,
            from: { kind: 'house', purpose: 'points' },
            to: { kind: 'member_points', memberId: row.member_id },
            amount: row.points,
            kind: 'points',
            cause: { type: 'operator', id: who.actor },
            idempotencyKey: `points-refund:${row.id}`,
            memo: { pointsType: 'refund', remark: decision.remark, redemptionId: row.id.toString() },
          },
          trx,
        );
      }
      await repo.decideRedemption(trx, id, { status, remark: decision.remark, by: who.actor, at: new Date() });
      await appendAudit(trx, who, {
        action: `point-mall.redemption.${decision.decision}`,
        target: id.toString(),
        merchantCode: merchant,
        before: { status: row.status },
        after: { status, remark: decision.remark },
      });
    });
    const [decided] = await this.withBalances(merchant, await repo.selectQueue(this.db, merchant, { id }), language);
    if (!decided) throw new Error('loyalty: the decided redemption vanished');
    return decided;
  }
}
