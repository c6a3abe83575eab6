import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface DrawFilter {
  gameCode?: string | undefined;
  status?: 'scheduled' | 'drawn' | 'settled' | 'void' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The count is written when a draw is drawn; until then (and on a draw voided before) it is counted. */
const ticketCount = sql<number>`CASE WHEN status IN ('scheduled', 'void')
  THEN (SELECT count(*)::int FROM lottery_tickets t WHERE t.draw_id = lottery_draws.id) ELSE ticket_count END`.as('ticket_count');

const ADMIN_DRAW_COLUMNS = [
  'id',
  'game_code',
  'numero',
  'draw_at',
  'close_at',
  'status',
  'result',
  'winner_count',
  'payout_total',
] as const;

/** Draws of any status, past and scheduled, on the (game, draw time) index. */
function drawQuery(db: Db, filter: DrawFilter) {
  let query = db.selectFrom('lottery_draws');
  if (filter.gameCode) query = query.where('game_code', '=', filter.gameCode);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.from) query = query.where('draw_at', '>=', filter.from);
  if (filter.to) query = query.where('draw_at', '<', filter.to);
  return query;
}

export function selectAdminDraws(db: Db, filter: DrawFilter, order: 'asc' | 'desc', offset: number, limit: number) {
  return drawQuery(db, filter)
    .select([...ADMIN_DRAW_COLUMNS, ticketCount])
    .orderBy('draw_at', order)
    .orderBy('id', order)
    .offset(offset)
    .limit(limit)
    .execute();
}

export type AdminDrawRow = Awaited<ReturnType<typeof selectAdminDraws>>[number];

export async function countAdminDraws(db: Db, filter: DrawFilter): Promise<number> {
  const row = await drawQuery(db, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export function selectAdminDraw(db: Db, id: bigint) {
  return db
    .selectFrom('lottery_draws')
    .select([...ADMIN_DRAW_COLUMNS, ticketCount])
    .where('id', '=', id)
    .executeTakeFirst();
}
