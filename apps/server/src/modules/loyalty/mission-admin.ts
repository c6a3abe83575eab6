import type { MissionAdmin as MissionAdminView, MissionInput } from '@tessera/contract/api/back-office-loyalty';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import * as repo from './mission-repo.js';
import type { MissionsService } from './missions.js';

/** Whether a promotion of the merchant's can carry a mission's bonus (a free bonus: its wagering and expiry apply). */
export type BonusPromotionCheck = (merchant: string, promotionId: bigint) => Promise<boolean>;

const inputOf = (row: repo.MissionRow): MissionInput => ({
  names: row.names,
  kind: row.kind,
  gameCategory: row.game_category,
  target: row.target.toString(),
  period: row.period,
  rewardType: row.reward_type,
  rewardAmount: row.reward_amount.toString(),
  promotionId: row.promotion_id?.toString() ?? null,
});

function viewOf(row: repo.MissionAdminRow): MissionAdminView {
  return {
    id: row.id.toString(),
    ...inputOf(row),
    startsAt: row.starts_at.getTime(),
    stoppedAt: row.stopped_at?.getTime() ?? null,
    completedCount: row.completed_count,
    claimedCount: row.claimed_count,
    updatedAt: row.updated_at.getTime(),
    updatedBy: row.updated_by,
  };
}

const rejected = (reason: string, field: string) =>
  new AppError('loyalty.mission.rejected', {
    fields: [{ field: `body/${field}`, key: 'errors.mission_rejected', params: { reason } }],
  });

/** The back office's missions: create, change and stop, each audited in its own transaction. */
export class MissionAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly missions: MissionsService,
    private readonly bonusPromotion: BonusPromotionCheck,
  ) {}

  async list(merchant: string): Promise<MissionAdminView[]> {
    return (await repo.selectMissionsAdmin(this.db, merchant)).map(viewOf);
  }

  private async check(merchant: string, input: MissionInput, defaultLanguage: string): Promise<repo.MissionChange> {
    if (!input.names[defaultLanguage]?.trim()) throw rejected(`a name in ${defaultLanguage} is required`, 'names');
    if (input.gameCategory !== null && input.kind !== 'valid_bet' && input.kind !== 'bet_count')
      throw rejected('only bet missions have a game category', 'gameCategory');
    if ((input.rewardType === 'bonus') !== (input.promotionId !== null))
      throw rejected('a bonus reward, and only a bonus reward, names its promotion', 'promotionId');
    if (input.promotionId !== null && !(await this.bonusPromotion(merchant, BigInt(input.promotionId))))
      throw rejected('the promotion must be a free bonus of this site', 'promotionId');
    return {
      names: input.names,
      kind: input.kind,
      game_category: input.gameCategory,
      target: BigInt(input.target),
      period: input.period,
      reward_type: input.rewardType,
      reward_amount: BigInt(input.rewardAmount),
      promotion_id: input.promotionId === null ? null : BigInt(input.promotionId),
      updated_by: '',
    };
  }

  private async one(merchant: string, id: bigint): Promise<MissionAdminView> {
    const [row] = await repo.selectMissionsAdmin(this.db, merchant, id);
    if (!row) throw new AppError('loyalty.mission.not.found');
    return viewOf(row);
  }

  async create(merchant: string, input: MissionInput, defaultLanguage: string, who: AuditActor): Promise<MissionAdminView> {
    const change = { ...(await this.check(merchant, input, defaultLanguage)), updated_by: who.actor };
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await repo.insertMission(trx, merchant, change);
      await appendAudit(trx, who, { action: 'mission.create', target: created.toString(), merchantCode: merchant, after: input });
      return created;
    });
    this.missions.forget(merchant);
    return this.one(merchant, id);
  }

  async update(merchant: string, id: bigint, input: MissionInput, defaultLanguage: string, who: AuditActor) {
    const change = { ...(await this.check(merchant, input, defaultLanguage)), updated_by: who.actor };
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.lockMission(trx, merchant, id);
      if (!before) throw new AppError('loyalty.mission.not.found');
      await repo.updateMission(trx, id, change);
      await appendAudit(trx, who, {
        action: 'mission.update',
        target: id.toString(),
        merchantCode: merchant,
        before: inputOf(before),
        after: input,
      });
    });
    this.missions.forget(merchant);
    return this.one(merchant, id);
  }

  /** Stops a running mission or runs a stopped one again; asking for the state it is in changes nothing. */
  async setRunning(merchant: string, id: bigint, running: boolean, who: AuditActor): Promise<MissionAdminView> {
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.lockMission(trx, merchant, id);
      if (!before) throw new AppError('loyalty.mission.not.found');
      if ((before.stopped_at === null) === running) return;
      await repo.setStopped(trx, id, who.actor, running ? null : new Date());
      await appendAudit(trx, who, {
        action: running ? 'mission.resume' : 'mission.stop',
        target: id.toString(),
        merchantCode: merchant,
        before: { stopped: running },
        after: { stopped: !running },
      });
    });
    this.missions.forget(merchant);
    return this.one(merchant, id);
  }

  stop(merchant: string, id: bigint, who: AuditActor): Promise<MissionAdminView> {
    return this.setRunning(merchant, id, false, who);
  }

  resume(merchant: string, id: bigint, who: AuditActor): Promise<MissionAdminView> {
    return this.setRunning(merchant, id, true, who);
  }
}
