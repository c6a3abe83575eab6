import { TRIAL_TYPE } from '@tessera/contract/api/accounts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { RafflePrizeRow, RaffleTable, RaffleWinnerTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export type RaffleRow = Selectable<RaffleTable>;
export type WinnerRow = Selectable<RaffleWinnerTable>;

export function selectRaffle(db: Db, merchant: string, promotionId: bigint, lock: 'share' | 'update' | null = null) {
  const query = db
    .selectFrom('raffles')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('promotion_id', '=', promotionId);
  return (lock === 'update' ? query.forUpdate() : lock === 'share' ? query.forShare() : query).executeTakeFirst();
}

/** The merchant's raffles still counting tickets: started, not closed early, not drawn. */
export async function selectCountingRaffles(db: Db, merchant: string, now: Date): Promise<RaffleRow[]> {
  return db
    .selectFrom('raffles as r')
    .innerJoin('promotions as p', 'p.id', 'r.promotion_id')
    .selectAll('r')
    .where('r.merchant_code', '=', merchant)
    .where('r.drawn_at', 'is', null)
    .where('p.closed_at', 'is', null)
    .where('p.starts_at', '<=', now)
    .execute();
}

export async function upsertRaffle(
  db: Db,
  row: {
    promotion_id: bigint;
    merchant_code: string;
    draw_at: Date;
    ticket_valid_bet_minor: bigint;
    categories: string[];
    max_tickets: number;
    claim_hours: number;
    prizes: RafflePrizeRow[];
    server_seed: string;
    seed_hash: string;
    updated_by: string;
  },
): Promise<void> {
  const values = { ...row, categories: JSON.stringify(row.categories), prizes: JSON.stringify(row.prizes) };
  await db
    .insertInto('raffles')
    .values(values)
    .onConflict((oc) =>
      oc.column('promotion_id').doUpdateSet({
        draw_at: values.draw_at,
        ticket_valid_bet_minor: values.ticket_valid_bet_minor,
        categories: values.categories,
        max_tickets: values.max_tickets,
        claim_hours: values.claim_hours,
        prizes: values.prizes,
        updated_by: values.updated_by,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** The raffle runs, as a promotion, until its prizes can no longer be claimed. */
export async function setPromotionEnd(db: Db, promotionId: bigint, endsAt: Date, actor: string): Promise<void> {
  await db
    .updateTable('promotions')
    .set({ ends_at: endsAt, updated_at: new Date(), updated_by: actor })
    .where('id', '=', promotionId)
    .execute();
}

export async function setDrawAt(db: Db, promotionId: bigint, drawAt: Date, actor: string): Promise<void> {
  await db
    .updateTable('raffles')
    .set({ draw_at: drawAt, updated_at: new Date(), updated_by: actor })
    .where('promotion_id', '=', promotionId)
    .execute();
}

export function selectEntry(db: Db, promotionId: bigint, memberId: bigint) {
  return db
    .selectFrom('raffle_entries')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The member's entry, made at nothing if missing, locked for the count. */
export async function lockEntry(trx: Transaction<Database>, promotionId: bigint, memberId: bigint) {
  await trx
    .insertInto('raffle_entries')
    .values({ promotion_id: promotionId, member_id: memberId })
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id']).doNothing())
    .execute();
  return trx
    .selectFrom('raffle_entries')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function saveEntry(
  trx: Transaction<Database>,
  promotionId: bigint,
  memberId: bigint,
  entry: { validBet: bigint; tickets: number; through: bigint },
): Promise<void> {
  await trx
    .updateTable('raffle_entries')
    .set({ valid_bet_minor: entry.validBet, tickets: entry.tickets, counted_through: entry.through })
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .execute();
}

/** A member's or every member's bets, as the raffle counts them. */
const betsSql = (raffle: RaffleRow, starts: Date, memberId: bigint | null) => sql`
  SELECT a.owner_id AS member_id, t.id,
         CASE WHEN t.created_at >= ${starts} AND t.created_at < ${raffle.draw_at}
                AND (t.memo ->> 'gameCategory') IN (SELECT jsonb_array_elements_text(${JSON.stringify(raffle.categories)}::jsonb))
                AND jsonb_typeof(t.memo -> 'validBet') = 'number'
              THEN floor((t.memo ->> 'validBet')::numeric)::int8 ELSE 0 END AS valid_bet
  FROM ledger_transfers t
  JOIN ledger_accounts a ON a.id = t.debit_account_id
  JOIN members m ON m.id = a.owner_id
  WHERE a.merchant_code = ${raffle.merchant_code} AND a.kind IN ('member_main', 'member_vendor')
    AND m.agent_type <> ${TRIAL_TYPE} AND t.kind = 'bet' AND t.state = 'posted'
    ${memberId === null ? sql`` : sql`AND a.owner_id = ${memberId}`}`;

/** The member's bets after the mark: the valid bets that count and the last transfer seen (null: none). */
export async function selectNewBets(
  db: Db,
  raffle: RaffleRow,
  starts: Date,
  memberId: bigint,
  after: bigint,
): Promise<{ validBet: bigint; through: bigint } | null> {
  const { rows } = await sql<{ valid_bet: bigint | null; through: bigint | null }>`
    SELECT sum(b.valid_bet)::int8 AS valid_bet, max(b.id) AS through
    FROM (${betsSql(raffle, starts, memberId)}) b WHERE b.id > ${after}`.execute(db);
  const row = rows[0];
  if (!row || row.through === null) return null;
  return { validBet: BigInt(row.valid_bet ?? 0), through: BigInt(row.through) };
}

/**
 * Every member's bets not yet counted, up to the draw: the closing count. Members with bets in the window only
 * (a member whose bets all fall outside it has nothing to add).
 */
export async function selectUncounted(
  trx: Transaction<Database>,
  raffle: RaffleRow,
  starts: Date,
): Promise<{ memberId: bigint; validBet: bigint; through: bigint; known: boolean }[]> {
  const { rows } = await sql<{ member_id: bigint; valid_bet: bigint; through: bigint; known: boolean }>`
    SELECT b.member_id, sum(b.valid_bet)::int8 AS valid_bet, max(b.id) AS through, bool_or(e.member_id IS NOT NULL) AS known
    FROM (${betsSql(raffle, starts, null)} AND t.created_at >= ${starts} AND t.created_at < ${raffle.draw_at}) b
    LEFT JOIN raffle_entries e ON e.promotion_id = ${raffle.promotion_id} AND e.member_id = b.member_id
    WHERE b.id > coalesce(e.counted_through, 0)
    GROUP BY b.member_id`.execute(trx);
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    validBet: BigInt(row.valid_bet),
    through: BigInt(row.through),
    known: row.known,
  }));
}

/** The draw's ticket list: members with tickets, in member id order (the published order). */
export async function selectTicketList(db: Db, promotionId: bigint) {
  return db
    .selectFrom('raffle_entries as e')
    .innerJoin('members as m', 'm.id', 'e.member_id')
    .select(['e.member_id', 'e.tickets', 'm.account'])
    .where('e.promotion_id', '=', promotionId)
    .where('e.tickets', '>', 0)
    .orderBy('e.member_id')
    .execute();
}

export async function countEntries(db: Db, promotionId: bigint): Promise<{ entrants: number; tickets: number }> {
  const row = await db
    .selectFrom('raffle_entries')
    .select((eb) => [eb.fn.countAll<number>().as('entrants'), eb.fn.sum<number>('tickets').as('tickets')])
    .where('promotion_id', '=', promotionId)
    .where('tickets', '>', 0)
    .executeTakeFirst();
  return { entrants: Number(row?.entrants ?? 0), tickets: Number(row?.tickets ?? 0) };
}

export async function insertWinners(
  trx: Transaction<Database>,
  rows: Omit<RaffleWinnerTable, 'id' | 'state' | 'claimed_at'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('raffle_winners')
    .values(rows.map((row) => ({ ...row, claimed_at: null })))
    .execute();
}

export async function markDrawn(trx: Transaction<Database>, promotionId: bigint, at: Date, tickets: number): Promise<void> {
  await trx
    .updateTable('raffles')
    .set({ drawn_at: at, tickets_total: tickets })
    .where('promotion_id', '=', promotionId)
    .execute();
}

export function selectWinners(db: Db, promotionId: bigint) {
  return db
    .selectFrom('raffle_winners as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .selectAll('w')
    .select('m.account')
    .where('w.promotion_id', '=', promotionId)
    .orderBy('w.place')
    .execute();
}

export function lockWinner(trx: Transaction<Database>, promotionId: bigint, memberId: bigint) {
  return trx
    .selectFrom('raffle_winners')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markWinner(trx: Transaction<Database>, id: bigint, state: 'claimed' | 'expired', at: Date): Promise<void> {
  await trx
    .updateTable('raffle_winners')
    .set({ state, claimed_at: state === 'claimed' ? at : null })
    .where('id', '=', id)
    .execute();
}

/** Prizes past their deadline and never claimed: expired (the house keeps them). */
export async function expireUnclaimed(trx: Transaction<Database>, promotionId: bigint, now: Date): Promise<number> {
  const result = await trx
    .updateTable('raffle_winners')
    .set({ state: 'expired' })
    .where('promotion_id', '=', promotionId)
    .where('state', '=', 'won')
    .where('claim_deadline', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The merchant's drawn raffles with the member's prize in each (null: none), for the promotions' statuses. */
export async function selectDrawnFor(db: Db, merchant: string, memberId: bigint) {
  return db
    .selectFrom('raffles as r')
    .leftJoin('raffle_winners as w', (join) =>
      join.onRef('w.promotion_id', '=', 'r.promotion_id').on('w.member_id', '=', memberId),
    )
    .select(['r.promotion_id', 'w.state', 'w.claim_deadline'])
    .where('r.merchant_code', '=', merchant)
    .where('r.drawn_at', 'is not', null)
    .execute();
}

/** The member's prizes won and not claimed, still before their deadline (through the winners' member index per raffle). */
export function selectUnclaimedFor(db: Db, merchant: string, memberId: bigint, now: Date) {
  return db
    .selectFrom('raffles as r')
    .innerJoin('raffle_winners as w', (join) =>
      join.onRef('w.promotion_id', '=', 'r.promotion_id').on('w.member_id', '=', memberId),
    )
    .selectAll('w')
    .where('r.merchant_code', '=', merchant)
    .where('r.drawn_at', 'is not', null)
    .where('w.state', '=', 'won')
    .where('w.claim_deadline', '>', now)
    .execute();
}
