import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import * as adminRepo from './admin-repo.js';
import type { LotteryService } from './service.js';

/**
 * The back office's view of the house lottery: every draw, past and scheduled, and voiding one through the same
 * `LotteryService.voidDraw` the operator command calls, its audit entry written in the void's transaction.
 */
export class DrawAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly lottery: LotteryService,
  ) {}

  games(): string[] {
    return this.lottery.games().map((game) => game.gameCode);
  }

  async page(filter: adminRepo.DrawFilter, order: 'asc' | 'desc', offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      adminRepo.selectAdminDraws(this.db, filter, order, offset, limit),
      adminRepo.countAdminDraws(this.db, filter),
    ]);
    return { rows, total };
  }

  /** Voids a draw not yet drawn (409 `lottery.draw.closed` once drawn, 404 for an unknown id); answers it as it is now. */
  async void(merchantCode: string, drawId: bigint, reason: string, by: AuditActor) {
    const { refundedSlips } = await this.lottery.voidDraw(drawId, `${reason} (staff:${by.actor})`, (trx, before, slips) =>
      appendAudit(trx, by, {
        action: 'lottery.draw.void',
        merchantCode,
        target: `draw:${drawId}`,
        before: { game: before.game_code, numero: before.numero, status: before.status },
        after: { status: 'void', reason, refundedSlips: slips },
      }),
    );
    const draw = await adminRepo.selectAdminDraw(this.db, drawId);
    if (!draw) throw new AppError('lottery.draw.not.found');
    return { refundedSlips, draw };
  }
}
