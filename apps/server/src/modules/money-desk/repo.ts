import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * The queues read other modules' tables (orders, withdrawals, members, sessions, the ledger) and write none: every
 * decision goes through the deposits, withdrawals and ledger services.
 */

/** A payout account bound this recently before the request is a new one. */
const NEW_ACCOUNT_DAYS = 7;

export interface QueueFilter {
  merchant: string;
  status?: string;
  account?: string;
  from?: Date;
  to?: Date;
}

export interface QueueOrder {
  sort: 'created' | 'amount';
  order: 'asc' | 'desc';
}

/** The member shares an address with another account of the merchant (any session of either, ever). */
const sharedIp = (memberColumn: string) =>
  sql<boolean>`EXISTS (
    SELECT 1 FROM sessions s1 JOIN sessions s2 ON s2.ip = s1.ip AND s2.member_id <> s1.member_id
      AND s2.merchant_code = s1.merchant_code
    WHERE s1.member_id = ${sql.ref(memberColumn)} AND s1.ip IS NOT NULL)`;

const depositBase = (db: Kysely<Database>, filter: QueueFilter) => {
  let query = db
    .selectFrom('deposit_orders as o')
    .innerJoin('members as m', 'm.id', 'o.member_id')
    .innerJoin('deposit_channels as c', 'c.id', 'o.channel_id')
    .where('o.merchant_code', '=', filter.merchant);
  if (filter.status) query = query.where('o.status', '=', filter.status as never);
  if (filter.account) query = query.where(sql<string>`lower(m.account)`, '=', filter.account.toLowerCase());
  if (filter.from) query = query.where('o.created_at', '>=', filter.from);
  if (filter.to) query = query.where('o.created_at', '<', filter.to);
  return query;
};

export async function depositPage(db: Kysely<Database>, filter: QueueFilter, order: QueueOrder, offset: number, limit: number) {
  const sortColumn = order.sort === 'amount' ? 'o.amount_minor' : 'o.created_at';
  const [rows, count] = await Promise.all([
    depositBase(db, filter)
      .select([
        'o.id',
        'o.created_at',
        'm.account',
        'c.code as channel',
        'o.amount_minor',
        'o.reference',
        'o.status',
        'o.reason',
        'o.decided_by',
        'o.decided_at',
        'o.expires_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('deposit_proofs as p')
          .whereRef('p.order_id', '=', 'o.id')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('proofs'),
      )
      .select(sharedIp('o.member_id').as('shared_ip'))
      .orderBy(sortColumn, order.order)
      .orderBy('o.id', order.order)
      .offset(offset)
      .limit(limit)
      .execute(),
    depositBase(db, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export type DepositQueueRow = Awaited<ReturnType<typeof depositPage>>['rows'][number];

const withdrawalBase = (db: Kysely<Database>, filter: QueueFilter) => {
  let query = db
    .selectFrom('withdrawals as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .where('w.merchant_code', '=', filter.merchant);
  if (filter.status) query = query.where('w.status', '=', filter.status as never);
  if (filter.account) query = query.where(sql<string>`lower(m.account)`, '=', filter.account.toLowerCase());
  if (filter.from) query = query.where('w.created_at', '>=', filter.from);
  if (filter.to) query = query.where('w.created_at', '<', filter.to);
  return query;
};

export async function withdrawalPage(
  db: Kysely<Database>,
  filter: QueueFilter,
  order: QueueOrder,
  offset: number,
  limit: number,
) {
  const sortColumn = order.sort === 'amount' ? 'w.amount_minor' : 'w.created_at';
  const [rows, count] = await Promise.all([
    withdrawalBase(db, filter)
      .select([
        'w.id',
        'w.created_at',
        'm.account',
        'w.amount_minor',
        'w.account_type',
        'w.account_provider',
        'w.account_masked',
        'w.account_holder',
        'w.status',
        'w.reject_reason',
        'w.decided_by',
      ])
      .select((eb) =>
        eb
          .selectFrom('withdrawal_proofs as p')
          .whereRef('p.withdrawal_id', '=', 'w.id')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('proofs'),
      )
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM payout_accounts pa WHERE pa.id = w.payout_account_id
          AND pa.created_at > w.created_at - make_interval(days => ${NEW_ACCOUNT_DAYS}))`.as('new_payout_account'),
      )
      .select(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM withdrawals w2 WHERE w2.member_id = w.member_id AND w2.id < w.id
          AND w2.status <> 'rejected')`.as('first_withdrawal'),
      )
      .select(sharedIp('w.member_id').as('shared_ip'))
      .select(
        // Staked less since the latest credited deposit than that deposit brought in: money in and out with little play.
        sql<boolean>`COALESCE((
          SELECT d.amount_minor > COALESCE((
            SELECT sum(t.amount) FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
            WHERE a.owner_id = w.member_id AND a.merchant_code = w.merchant_code AND t.kind = 'bet'
              AND t.state = 'posted' AND t.created_at >= d.decided_at AND t.created_at < w.created_at), 0)
          FROM deposit_orders d
          WHERE d.member_id = w.member_id AND d.status = 'approved' AND d.decided_at < w.created_at
          ORDER BY d.decided_at DESC LIMIT 1), false)`.as('little_play'),
      )
      .orderBy(sortColumn, order.order)
      .orderBy('w.id', order.order)
      .offset(offset)
      .limit(limit)
      .execute(),
    withdrawalBase(db, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export type WithdrawalQueueRow = Awaited<ReturnType<typeof withdrawalPage>>['rows'][number];

export function depositProof(db: Kysely<Database>, merchant: string, orderId: bigint, position: number) {
  return db
    .selectFrom('deposit_proofs as p')
    .innerJoin('deposit_orders as o', 'o.id', 'p.order_id')
    .select(['p.mime', 'p.data'])
    .where('o.merchant_code', '=', merchant)
    .where('p.order_id', '=', orderId)
    .orderBy('p.position')
    .offset(position)
    .limit(1)
    .executeTakeFirst();
}

export function withdrawalProof(db: Kysely<Database>, merchant: string, withdrawalId: bigint, position: number) {
  return db
    .selectFrom('withdrawal_proofs as p')
    .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
    .select(['p.mime', 'p.data'])
    .where('w.merchant_code', '=', merchant)
    .where('p.withdrawal_id', '=', withdrawalId)
    .orderBy('p.id')
    .offset(position)
    .limit(1)
    .executeTakeFirst();
}

/** A real (not trial) member of the merchant, by account name as typed. */
export function memberByAccount(db: Kysely<Database>, merchant: string, account: string) {
  return db
    .selectFrom('members')
    .select(['id', 'account', 'agent_type'])
    .where('merchant_code', '=', merchant)
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
}
