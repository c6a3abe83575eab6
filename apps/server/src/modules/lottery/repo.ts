import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LotteryDrawTable, LotterySlipTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const DRAW_COLUMNS = [
  'id',
  'game_code',
  'kind',
  'numero',
  'draw_at',
  'close_at',
  'server_seed',
  'commitment',
  'client_seed',
  'status',
  'result',
  'drawn_at',
  'settled_at',
  'batches_left',
  'ticket_count',
  'winner_count',
  'payout_total',
] as const;

export type DrawRow = Awaited<ReturnType<typeof selectDraw>> & {};

export interface NewDraw {
  game_code: string;
  kind: LotteryDrawTable['kind'];
  numero: string;
  draw_at: Date;
  close_at: Date;
  server_seed: string;
  commitment: string;
  client_seed: string;
}

/** Inserts a draw unless its game already has one at that time (or with that number); the new id, or undefined. */
export async function insertDraw(db: Db, row: NewDraw): Promise<bigint | undefined> {
  const inserted = await db
    .insertInto('lottery_draws')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function selectDraw(db: Db, drawId: bigint) {
  return db.selectFrom('lottery_draws').select(DRAW_COLUMNS).where('id', '=', drawId).executeTakeFirst();
}

/** The draw row locked for a change of state (draw, void): waits for slips being bought under FOR SHARE. */
export function lockDraw(db: Db, drawId: bigint) {
  return db.selectFrom('lottery_draws').select(DRAW_COLUMNS).where('id', '=', drawId).forUpdate().executeTakeFirst();
}

/**
 * The draw a slip is being bought for, share-locked until the purchase commits: the draw job's FOR UPDATE waits
 * for every purchase in flight, so no ticket can join a draw after it was drawn. `accepting` uses the database
 * clock, the one clock every instance shares.
 */
export async function shareLockDraw(db: Db, drawId: bigint) {
  const { rows } = await sql<{ id: bigint; game_code: string; numero: string; status: string; accepting: boolean }>`
    SELECT id, game_code, numero, status, (status = 'scheduled' AND close_at > now()) AS accepting
    FROM lottery_draws WHERE id = ${drawId} FOR SHARE`.execute(db);
  return rows[0];
}

/** Scheduled draws still taking bets, soonest first. */
export function selectOpenDraws(db: Db, gameCode: string, limit: number) {
  return db
    .selectFrom('lottery_draws')
    .select(DRAW_COLUMNS)
    .where('game_code', '=', gameCode)
    .where('status', '=', 'scheduled')
    .where('close_at', '>', sql<Date>`now()`)
    .orderBy('draw_at')
    .limit(limit)
    .execute();
}

const drawnDraws = (db: Db, gameCode: string) =>
  db.selectFrom('lottery_draws').where('game_code', '=', gameCode).where('status', 'in', ['drawn', 'settled']);

export function selectDrawnDraws(db: Db, gameCode: string, offset: number, limit: number) {
  return drawnDraws(db, gameCode).select(DRAW_COLUMNS).orderBy('draw_at', 'desc').offset(offset).limit(limit).execute();
}

export async function countDrawnDraws(db: Db, gameCode: string): Promise<number> {
  const row = await drawnDraws(db, gameCode)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Draws of any game, newest first, for the operator. */
export function selectRecentDraws(db: Db, gameCode: string | undefined, limit: number) {
  let query = db.selectFrom('lottery_draws').select(DRAW_COLUMNS);
  if (gameCode) query = query.where('game_code', '=', gameCode);
  // Two days: a daily game's next open draw is up to a day plus its cut-off ahead once today's has closed.
  return query.where('draw_at', '<=', sql<Date>`now() + interval '2 days'`).orderBy('draw_at', 'desc').limit(limit).execute();
}

/**
 * Id ranges of a draw's tickets, `size` tickets each, in id order: one settlement job per range. Called after the
 * draw row is locked past its cut-off, so the set of tickets is final.
 */
export async function ticketRanges(db: Db, drawId: bigint, size: number) {
  const { rows } = await sql<{ from_id: bigint; to_id: bigint; n: number }>`
    SELECT min(id) AS from_id, max(id) AS to_id, count(*)::int AS n
    FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / ${size} AS batch FROM lottery_tickets WHERE draw_id = ${drawId}) t
    GROUP BY batch ORDER BY batch`.execute(db);
  return rows.map((row) => ({ fromId: BigInt(row.from_id), toId: BigInt(row.to_id), count: row.n }));
}

export async function markDrawn(db: Db, drawId: bigint, result: string, batches: number, tickets: number): Promise<void> {
  await db
    .updateTable('lottery_draws')
    .set({
      status: batches === 0 ? 'settled' : 'drawn',
      result,
      drawn_at: sql<Date>`now()`,
      settled_at: batches === 0 ? sql<Date>`now()` : null,
      batches_left: batches,
      ticket_count: tickets,
    })
    .where('id', '=', drawId)
    .execute();
}

export async function markVoid(db: Db, drawId: bigint): Promise<void> {
  await db.updateTable('lottery_draws').set({ status: 'void', settled_at: sql<Date>`now()` }).where('id', '=', drawId).execute();
}

const TICKET_COLUMNS = [
  't.id',
  't.slip_id',
  't.merchant_code',
  't.member_id',
  't.draw_id',
  't.game_code',
  't.bet',
  't.stake',
  't.odds100',
  't.play_money',
  't.status',
  't.hits',
  't.payout',
  't.created_at',
  't.settled_at',
  'd.numero',
] as const;

export type TicketRow = Awaited<ReturnType<typeof lockDrawTickets>>[number];

/**
 * A settlement batch's open tickets, unlocked: `settleTickets` takes each row's lock and checks it is still open,
 * and the batch rolls back if one is not.
 */
export function selectOpenTickets(db: Db, drawId: bigint, fromId: bigint, toId: bigint) {
  return db
    .selectFrom('lottery_tickets')
    .select(['id', 'merchant_code', 'member_id', 'game_code', 'bet', 'stake', 'play_money'])
    .where('draw_id', '=', drawId)
    .where('id', '>=', fromId)
    .where('id', '<=', toId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
}

export interface TicketOutcome {
  id: bigint;
  hits: number;
  payout: bigint;
  transferId: bigint | null;
}

/**
 * A column of integers (null allowed) as one text parameter PostgreSQL splits: the driver's array parameters quote
 * and escape element by element, a measurable share of a settlement batch's time in Node.
 */
const decimals = (values: readonly (bigint | number | null)[]) =>
  sql`string_to_array(${values.map((value) => (value === null ? 'null' : String(value))).join(',')}, ',', 'null')`;

/**
 * A settlement batch in one statement: its tickets leave 'open' (won with their hits, payout and credit, or lost),
 * each real-money win gets its `lottery_wins` row, and the draw counts the batch done (the last one marks it
 * settled); a batch that settles nothing (run again) counts nothing. Answers how many tickets left 'open': fewer than given means another run settled some meanwhile.
 */
export async function settleTickets(db: Db, drawId: bigint, tickets: TicketOutcome[]): Promise<number> {
  const winners = tickets.filter((t) => t.payout > 0n);
  const paid = winners.reduce((sum, t) => sum + t.payout, 0n);
  const { rows } = await sql<{ settled: number }>`
    WITH outcome AS (
      UPDATE lottery_tickets t SET status = CASE WHEN v.payout > 0 THEN 'won' ELSE 'lost' END, hits = v.hits,
        payout = v.payout, win_transfer_id = v.transfer_id, settled_at = now()
      FROM unnest(${decimals(tickets.map((t) => t.id))}::bigint[], ${decimals(tickets.map((t) => t.hits))}::int[],
                  ${decimals(tickets.map((t) => t.payout))}::bigint[], ${decimals(tickets.map((t) => t.transferId))}::bigint[])
        AS v(id, hits, payout, transfer_id)
      WHERE t.id = v.id AND t.status = 'open'
      RETURNING t.id, t.merchant_code, t.game_code, t.member_id, t.payout, t.play_money, t.settled_at
    ), wins AS (
      INSERT INTO lottery_wins (ticket_id, merchant_code, game_code, member_id, payout, settled_at)
      SELECT id, merchant_code, game_code, member_id, payout, settled_at FROM outcome WHERE payout > 0 AND NOT play_money
    ), batch AS (
      UPDATE lottery_draws SET batches_left = batches_left - 1, winner_count = winner_count + ${winners.length},
        payout_total = payout_total + ${String(paid)}::bigint,
        status = CASE WHEN batches_left = 1 THEN 'settled' ELSE status END,
        settled_at = CASE WHEN batches_left = 1 THEN now() ELSE settled_at END
      WHERE id = ${drawId} AND batches_left > 0 AND EXISTS (SELECT 1 FROM outcome)
    )
    SELECT count(*)::int AS settled FROM outcome`.execute(db);
  return rows[0]?.settled ?? 0;
}

/** Open tickets of a draw being voided, locked. */
export function lockDrawTickets(db: Db, drawId: bigint) {
  return db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .select(TICKET_COLUMNS)
    .where('t.draw_id', '=', drawId)
    .where('t.status', '=', 'open')
    .forUpdate('t')
    .execute();
}

export async function markTicketsVoid(db: Db, drawId: bigint): Promise<void> {
  await db
    .updateTable('lottery_tickets')
    .set({ status: 'void', hits: null, payout: 0n, settled_at: sql<Date>`now()` })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'open')
    .execute();
}

export function selectSlipsOfDraw(db: Db, drawId: bigint) {
  return db
    .selectFrom('lottery_slips')
    .select(['id', 'merchant_code', 'member_id', 'total_stake', 'play_money', 'refund_transfer_id'])
    .where('draw_id', '=', drawId)
    .orderBy('id')
    .execute();
}

export async function setSlipRefund(db: Db, slipId: bigint, transferId: bigint): Promise<void> {
  await db.updateTable('lottery_slips').set({ refund_transfer_id: transferId }).where('id', '=', slipId).execute();
}

export function selectSlipByClientId(db: Db, merchant: string, memberId: bigint, clientSlipId: string) {
  return db
    .selectFrom('lottery_slips as s')
    .innerJoin('lottery_draws as d', 'd.id', 's.draw_id')
    .select([
      's.id',
      's.client_slip_id',
      's.draw_id',
      's.game_code',
      's.request_hash',
      's.total_stake',
      's.created_at',
      'd.numero',
    ])
    .where('s.merchant_code', '=', merchant)
    .where('s.member_id', '=', memberId)
    .where('s.client_slip_id', '=', clientSlipId)
    .executeTakeFirst();
}

export async function nextSlipId(db: Db): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`SELECT nextval(pg_get_serial_sequence('lottery_slips', 'id')) AS id`.execute(db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('lottery_slips sequence gave no id');
  return BigInt(id);
}

/** A slip row as inserted: its id drawn from the sequence first, no refund yet. */
export type NewSlip = Omit<Insertable<LotterySlipTable>, 'id' | 'refund_transfer_id'> & { id: bigint };

/** Inserts the slip and its tickets; false when the member already used this client slip id (a racing twin). */
export async function insertSlip(
  db: Db,
  slip: NewSlip,
  tickets: { bet: string; stake: bigint; odds100: number }[],
): Promise<boolean> {
  const inserted = await db
    .insertInto('lottery_slips')
    .values(slip)
    .onConflict((conflict) => conflict.columns(['member_id', 'client_slip_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .insertInto('lottery_tickets')
    .values(
      tickets.map((ticket) => ({
        slip_id: slip.id,
        merchant_code: slip.merchant_code,
        member_id: slip.member_id,
        draw_id: slip.draw_id,
        game_code: slip.game_code,
        bet: ticket.bet,
        stake: ticket.stake,
        odds100: ticket.odds100,
        play_money: slip.play_money,
      })),
    )
    .execute();
  return true;
}

export interface TicketFilter {
  merchant: string;
  memberId: bigint;
  gameCode?: string;
  drawId?: bigint;
  slipId?: bigint;
  status: 'open' | 'settled' | 'all';
}

function memberTickets(db: Db, filter: TicketFilter) {
  let query = db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .where('t.merchant_code', '=', filter.merchant)
    .where('t.member_id', '=', filter.memberId);
  if (filter.gameCode) query = query.where('t.game_code', '=', filter.gameCode);
  if (filter.drawId) query = query.where('t.draw_id', '=', filter.drawId);
  if (filter.slipId) query = query.where('t.slip_id', '=', filter.slipId);
  if (filter.status === 'open') query = query.where('t.status', '=', 'open');
  if (filter.status === 'settled') query = query.where('t.status', '<>', 'open');
  return query;
}

export function selectTickets(db: Db, filter: TicketFilter, offset: number, limit: number) {
  return memberTickets(db, filter)
    .select(TICKET_COLUMNS)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countTickets(db: Db, filter: TicketFilter): Promise<number> {
  const row = await memberTickets(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The lottery games a member bought tickets for, most recent first. */
export async function selectRecentGames(db: Db, merchant: string, memberId: bigint, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('lottery_tickets')
    .select(['game_code', (eb) => eb.fn.max('created_at').as('last')])
    .where('merchant_code', '=', merchant)
    .where('member_id', '=', memberId)
    .groupBy('game_code')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_code);
}

export function selectCatalogueLotteryGames(db: Db, merchant: string, vendors: readonly string[]) {
  return db
    .selectFrom('catalogue_games as g')
    .innerJoin('catalogue_vendors as v', 'v.id', 'g.vendor_id')
    .select(['g.game_code', 'g.names', 'g.icon', 'g.status', 'v.vassalage', 'v.status as vendor_status'])
    .where('g.merchant_code', '=', merchant)
    .where('v.vassalage', 'in', [...vendors])
    .where('g.status', '<>', 'retired')
    .where('v.status', '<>', 'retired')
    .orderBy('v.sort_order')
    .orderBy('g.sort_order')
    .execute();
}

export function selectSlipById(db: Db, merchant: string, memberId: bigint, slipId: bigint) {
  return db
    .selectFrom('lottery_slips as s')
    .innerJoin('lottery_draws as d', 'd.id', 's.draw_id')
    .select(['s.id', 's.client_slip_id', 's.draw_id', 's.game_code', 's.total_stake', 's.created_at', 'd.numero'])
    .where('s.merchant_code', '=', merchant)
    .where('s.member_id', '=', memberId)
    .where('s.id', '=', slipId)
    .executeTakeFirst();
}

/** A draw's tickets counted by status, for the operator's settlement report. */
export async function countTicketsByStatus(db: Db, drawId: bigint) {
  const rows = await db
    .selectFrom('lottery_tickets')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<bigint>('payout').as('payout')])
    .where('draw_id', '=', drawId)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.n), payout: BigInt(row.payout ?? 0) }));
}

/** The draw's jobs not done yet (read-only view of modules/jobs' table): a stuck settlement shows its error here. */
export async function selectPendingJobs(db: Db, drawId: bigint) {
  const { rows } = await sql<{ kind: string; run_at: Date; attempts: number; last_error: string | null }>`
    SELECT kind, run_at, attempts, last_error FROM jobs
    WHERE kind IN ('lottery.draw', 'lottery.settle') AND payload->>'drawId' = ${String(drawId)} AND done_at IS NULL
    ORDER BY run_at`.execute(db);
  return rows;
}

export function selectDrawTickets(db: Db, merchant: string, drawId: bigint, limit: number) {
  return db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .select(TICKET_COLUMNS)
    .where('t.merchant_code', '=', merchant)
    .where('t.draw_id', '=', drawId)
    .orderBy('t.id')
    .limit(limit)
    .execute();
}
