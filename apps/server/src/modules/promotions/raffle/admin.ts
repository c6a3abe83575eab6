import type { RaffleAdmin, RaffleInput } from '@tessera/contract/api/raffles';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../../audit-log/service.js';
import * as promotionRepo from '../repo.js';
import * as repo from './repo.js';
import { newSeed, type RaffleService } from './service.js';

const HOUR_MS = 3600_000;

function refuse(field: string, reason: string): never {
  throw new AppError('promo.rejected', { fields: [{ field: `body/${field}`, key: 'validation.rejected', params: { reason } }] });
}

/**
 * The back office's side of a raffle promotion (`promotions.manage`): its ticket rule, prizes and draw time (until it
 * is drawn), and drawing it now; each change audited. The seed is made once, when the raffle is first set up, so its
 * commitment never changes after players could see it.
 */
export class RaffleAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly raffles: RaffleService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(merchant: string, promotionId: bigint): Promise<RaffleAdmin> {
    const promotion = await promotionRepo.selectPromotion(this.db, merchant, promotionId);
    if (promotion?.type !== 'raffle') throw new AppError('raffle.not.found');
    return this.viewOf(this.db, merchant, promotionId);
  }

  async save(merchant: string, input: RaffleInput, who: AuditActor): Promise<RaffleAdmin> {
    const promotionId = BigInt(input.promotionId);
    return this.db.transaction().execute(async (trx) => {
      const promotion = await promotionRepo.selectPromotion(trx, merchant, promotionId, true);
      if (promotion?.type !== 'raffle') throw new AppError('raffle.not.found');
      if (promotion.closed_at !== null) throw new AppError('promo.closed');
      const before = await repo.selectRaffle(trx, merchant, promotionId, 'update');
      if (before?.drawn_at) throw new AppError('raffle.drawn');
      if (input.drawTime <= promotion.starts_at.getTime()) refuse('drawTime', 'must be after the promotion starts');
      if (input.drawTime <= this.now().getTime()) refuse('drawTime', 'must be in the future');
      const seed = before ? { serverSeed: before.server_seed, seedHash: before.seed_hash } : newSeed();
      const drawAt = new Date(input.drawTime);
      await repo.upsertRaffle(trx, {
        promotion_id: promotionId,
        merchant_code: merchant,
        draw_at: drawAt,
        ticket_valid_bet_minor: BigInt(input.ticketValidBetMinor),
        categories: input.categories,
        max_tickets: input.maxTickets,
        claim_hours: input.claimHours,
        prizes: input.prizes,
        server_seed: seed.serverSeed,
        seed_hash: seed.seedHash,
        updated_by: who.actor,
      });
      await repo.setPromotionEnd(trx, promotionId, new Date(drawAt.getTime() + input.claimHours * HOUR_MS), who.actor);
      await this.raffles.scheduleDraw(trx, merchant, promotionId, drawAt);
      const after = await this.viewOf(trx, merchant, promotionId);
      await appendAudit(trx, who, {
        action: 'promotion.raffle.save',
        target: promotionId.toString(),
        merchantCode: merchant,
        before: before ? { drawAt: before.draw_at.getTime(), prizes: before.prizes } : null,
        after: after.settings,
      });
      return after;
    });
  }

  /** Draws an open raffle now; a drawn one answers its result (the draw runs once). */
  async drawNow(merchant: string, promotionId: bigint, who: AuditActor): Promise<RaffleAdmin> {
    return this.db.transaction().execute(async (trx) => {
      const promotion = await promotionRepo.selectPromotion(trx, merchant, promotionId);
      const raffle = await repo.selectRaffle(trx, merchant, promotionId, 'update');
      if (promotion?.type !== 'raffle' || !raffle) throw new AppError('raffle.not.found');
      if (raffle.drawn_at !== null) return this.viewOf(trx, merchant, promotionId);
      const now = this.now();
      if (promotion.starts_at > now || promotion.closed_at !== null) throw new AppError('raffle.not.open');
      await repo.setDrawAt(trx, promotionId, now, who.actor);
      await repo.setPromotionEnd(trx, promotionId, new Date(now.getTime() + raffle.claim_hours * HOUR_MS), who.actor);
      await this.raffles.draw(trx, merchant, promotionId);
      const after = await this.viewOf(trx, merchant, promotionId);
      await appendAudit(trx, who, {
        action: 'promotion.raffle.draw',
        target: promotionId.toString(),
        merchantCode: merchant,
        after: { drawnAt: after.drawnAt, ticketsTotal: after.ticketsTotal, winners: after.winners },
      });
      return after;
    });
  }

  private async viewOf(db: Kysely<Database>, merchant: string, promotionId: bigint): Promise<RaffleAdmin> {
    const raffle = await repo.selectRaffle(db, merchant, promotionId);
    if (!raffle) return { settings: null, seedHash: null, drawnAt: null, entrants: 0, ticketsTotal: 0, winners: [] };
    const [counts, winners] = await Promise.all([repo.countEntries(db, promotionId), repo.selectWinners(db, promotionId)]);
    return {
      settings: {
        promotionId: promotionId.toString(),
        drawTime: raffle.draw_at.getTime(),
        ticketValidBetMinor: raffle.ticket_valid_bet_minor.toString(),
        categories: raffle.categories,
        maxTickets: raffle.max_tickets,
        claimHours: raffle.claim_hours,
        prizes: raffle.prizes,
      },
      seedHash: raffle.seed_hash,
      drawnAt: raffle.drawn_at?.getTime() ?? null,
      entrants: counts.entrants,
      ticketsTotal: raffle.tickets_total ?? counts.tickets,
      winners: winners.map((winner) => ({
        place: winner.place,
        account: winner.account,
        ticket: winner.ticket,
        kind: winner.kind,
        amountMinor: winner.amount_minor.toString(),
        state: winner.state,
      })),
    };
  }
}
