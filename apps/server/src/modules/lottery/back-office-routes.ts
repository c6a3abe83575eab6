import * as api from '@tessera/contract/api/back-office-games';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AuditActor } from '../audit-log/service.js';
import type { AdminDrawRow, DrawFilter } from './admin-repo.js';
import type { DrawAdminService } from './draw-admin.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });

const toDraw = (row: AdminDrawRow): api.AdminDraw => ({
  id: row.id.toString(),
  gameCode: row.game_code,
  numero: row.numero,
  drawAt: row.draw_at.getTime(),
  closeAt: row.close_at.getTime(),
  status: row.status,
  result: row.result,
  tickets: row.ticket_count,
  winners: row.winner_count,
  payoutTotal: row.payout_total.toString(),
});

const filterOf = (query: { gameCode?: string; status?: DrawFilter['status']; from?: number; to?: number }): DrawFilter => ({
  gameCode: query.gameCode,
  status: query.status,
  from: query.from === undefined ? undefined : new Date(query.from),
  to: query.to === undefined ? undefined : new Date(query.to),
});

const orderOf = (sort: 'draw-asc' | 'draw-desc' | undefined) => (sort === 'draw-asc' ? 'asc' : 'desc');

/** The games screen's lottery calls: the draws of every house lottery, and voiding one with a reason. */
export function lotteryBackOfficeRoutes(app: FastifyInstance, http: HttpContext, { drawAdmin }: { drawAdmin: DrawAdminService }) {
  registerCall(app, http, api.drawList, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    const { rows, total } = await drawAdmin.page(
      filterOf(request.query),
      orderOf(request.query.sort),
      (page - 1) * pageSize,
      pageSize,
    );
    return { items: rows.map(toDraw), total, games: drawAdmin.games() };
  });

  registerCall(app, http, api.drawExport, async (request) => {
    const { rows, total } = await drawAdmin.page(filterOf(request.query), orderOf(request.query.sort), 0, api.GAMES_EXPORT_MAX);
    const lines = rows
      .map(toDraw)
      .map((d) => [
        d.id,
        d.gameCode,
        d.numero,
        new Date(d.drawAt).toISOString(),
        d.status,
        d.result === null ? '' : JSON.stringify(d.result),
        String(d.tickets),
        String(d.winners),
        d.payoutTotal,
      ]);
    const header = ['id', 'game', 'numero', 'draw_at', 'status', 'result', 'tickets', 'winners', 'payout_minor'];
    return csvExport(header, lines, total);
  });

  registerCall(app, http, api.drawVoid, async (request) => {
    const { refundedSlips, draw } = await drawAdmin.void(
      request.merchantCode,
      BigInt(request.body.id),
      request.body.reason.trim(),
      actorOf(request),
    );
    return { refundedSlips, draw: toDraw(draw) };
  });
}
