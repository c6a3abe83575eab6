import type { ContractKind, ContractPeriod, ContractStatus, EndReason, Rates } from '@tessera/contract/agent-contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ContractRecord = Awaited<ReturnType<typeof selectContracts>>[number];

/** Serialises contract changes of one merchant and kind: offers, answers, terminations and their cascades. */
export async function lockKind(trx: Kysely<Database>, merchantCode: string, kind: ContractKind) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agent_contracts'), hashtext(${`${merchantCode}:${kind}`}))`.execute(trx);
}

/**
 * Contracts whose end has come are ended: the one timed transition, applied before any read or change (of one kind
 * under that kind's lock, so two changes never wait on each other's rows).
 */
export async function closeDue(db: Kysely<Database>, merchantCode: string, kind?: ContractKind) {
  let query = db
    .updateTable('agent_contracts')
    .set({ status: 'ended' })
    .where('status', '=', 'ending')
    .where('effective_to', '<=', sql<Date>`now()`)
    .where('merchant_code', '=', merchantCode);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  await query.execute();
}

/** The end of the period that holds `at`, in `timeZone`: semi-monthly halves end on the 16th and the 1st. */
export async function periodEnd(db: Kysely<Database>, period: ContractPeriod, at: Date, timeZone: string): Promise<Date> {
  const { rows } = await sql<{ period_end: Date }>`
    WITH l AS (SELECT (${at}::timestamptz AT TIME ZONE ${timeZone}) AS t)
    SELECT (CASE ${period}::text
      WHEN 'fiveMinutes' THEN date_trunc('hour', t) + make_interval(mins => (floor(extract(minute FROM t) / 5) * 5 + 5)::int)
      WHEN 'daily' THEN date_trunc('day', t) + interval '1 day'
      WHEN 'weekly' THEN date_trunc('week', t) + interval '7 days'
      WHEN 'semiMonthly' THEN CASE WHEN extract(day FROM t) <= 15
        THEN date_trunc('month', t) + interval '15 days' ELSE date_trunc('month', t) + interval '1 month' END
      ELSE date_trunc('month', t) + interval '1 month'
    END) AT TIME ZONE ${timeZone} AS period_end FROM l`.execute(db);
  return (rows[0] as { period_end: Date }).period_end;
}

const CONTRACT_FIELDS = [
  'c.id',
  'c.merchant_code',
  'c.kind',
  'c.upline_id',
  'c.downline_id',
  'c.period',
  'c.time_zone',
  'c.tiers',
  'c.rates',
  'c.status',
  'c.offered_at',
  'c.answered_at',
  'c.effective_from',
  'c.effective_to',
  'c.end_reason',
  'u.account as upline',
  'd.account as downline',
] as const;

interface ContractFilter {
  merchantCode: string;
  id?: bigint;
  ids?: bigint[];
  kind?: ContractKind;
  status?: ContractStatus;
  statuses?: ContractStatus[];
  uplineId?: bigint;
  downlineId?: bigint;
  /** Either party's account. */
  account?: string;
}

function contractQuery(db: Kysely<Database>, filter: ContractFilter) {
  let query = db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as u', 'u.id', 'c.upline_id')
    .innerJoin('members as d', 'd.id', 'c.downline_id')
    .where('c.merchant_code', '=', filter.merchantCode);
  if (filter.id !== undefined) query = query.where('c.id', '=', filter.id);
  if (filter.ids !== undefined) query = query.where('c.id', 'in', filter.ids.length ? filter.ids : [0n]);
  if (filter.kind !== undefined) query = query.where('c.kind', '=', filter.kind);
  if (filter.status !== undefined) query = query.where('c.status', '=', filter.status);
  if (filter.statuses !== undefined) query = query.where('c.status', 'in', filter.statuses);
  if (filter.uplineId !== undefined) query = query.where('c.upline_id', '=', filter.uplineId);
  if (filter.downlineId !== undefined) query = query.where('c.downline_id', '=', filter.downlineId);
  if (filter.account !== undefined) {
    const account = filter.account.toLowerCase();
    query = query.where((eb) =>
      eb.or([eb(sql<string>`lower(u.account)`, '=', account), eb(sql<string>`lower(d.account)`, '=', account)]),
    );
  }
  return query;
}

/** Contracts, newest first, with both parties' accounts and the upline chain's accounts when accepted. */
export function selectContracts(db: Kysely<Database>, filter: ContractFilter, page?: { offset: number; limit: number }) {
  let query = contractQuery(db, filter)
    .select(CONTRACT_FIELDS)
    .select(
      sql<string[] | null>`(SELECT array_agg(m.account ORDER BY o.n) FROM unnest(c.upline_chain) WITH ORDINALITY AS o(id, n)
        JOIN members m ON m.id = o.id)`.as('chain'),
    )
    .orderBy('c.id', 'desc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

export async function countContracts(db: Kysely<Database>, filter: ContractFilter) {
  const row = await contractQuery(db, filter).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOffer(
  trx: Kysely<Database>,
  offer: {
    merchantCode: string;
    kind: ContractKind;
    uplineId: bigint;
    downlineId: bigint;
    period: ContractPeriod;
    timeZone: string;
    tiers: unknown[];
    rates: Rates;
  },
) {
  const row = await trx
    .insertInto('agent_contracts')
    .values({
      merchant_code: offer.merchantCode,
      kind: offer.kind,
      upline_id: offer.uplineId,
      downline_id: offer.downlineId,
      period: offer.period,
      time_zone: offer.timeZone,
      tiers: sql`${JSON.stringify(offer.tiers)}::jsonb`,
      rates: sql`${JSON.stringify(offer.rates)}::jsonb`,
      status: 'offered',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a contract between states; `from` guards against a change another transaction already made. */
export async function transition(
  trx: Kysely<Database>,
  id: bigint,
  from: ContractStatus,
  change: {
    status: ContractStatus;
    answeredAt?: Date;
    effectiveFrom?: Date;
    effectiveTo?: Date;
    endReason?: EndReason;
    replacedBy?: bigint;
    uplineChain?: bigint[];
  },
) {
  const result = await trx
    .updateTable('agent_contracts')
    .set({
      status: change.status,
      ...(change.answeredAt ? { answered_at: change.answeredAt } : {}),
      ...(change.effectiveFrom ? { effective_from: change.effectiveFrom } : {}),
      ...(change.effectiveTo ? { effective_to: change.effectiveTo } : {}),
      ...(change.endReason ? { end_reason: change.endReason } : {}),
      ...(change.replacedBy !== undefined ? { replaced_by: change.replacedBy } : {}),
      ...(change.uplineChain
        ? { upline_chain: sql<bigint[]>`string_to_array(${change.uplineChain.join(',')}, ',')::bigint[]` }
        : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** One party's contracts of a kind: the downline's (those it received) or the upline's (those it offered). */
const contractsOf = (db: Kysely<Database>, party: 'downline_id' | 'upline_id', memberId: bigint, kind: ContractKind) =>
  db.selectFrom('agent_contracts').where(party, '=', memberId).where('kind', '=', kind);

/** The one `active` contract of a downline and kind (in force, or waiting for the one in force to end). */
export function selectActive(db: Kysely<Database>, downlineId: bigint, kind: ContractKind) {
  return contractsOf(db, 'downline_id', downlineId, kind).selectAll().where('status', '=', 'active').executeTakeFirst();
}

/** The contract of a downline and kind that pays now: active or ending, started. */
export function selectInForce(db: Kysely<Database>, downlineId: bigint, kind: ContractKind) {
  return contractsOf(db, 'downline_id', downlineId, kind)
    .selectAll()
    .where('status', 'in', ['active', 'ending'])
    .where('effective_from', '<=', sql<Date>`now()`)
    .orderBy('effective_from', 'desc')
    .executeTakeFirst();
}

/** What an upline has offered or holds with its downline of a kind and may have to cut back. */
export function selectCarried(db: Kysely<Database>, uplineId: bigint, kind: ContractKind) {
  return contractsOf(db, 'upline_id', uplineId, kind)
    .selectAll()
    .where('status', 'in', ['offered', 'active', 'ending'])
    .execute();
}

/** The pending offer of a downline and kind, if any. */
export function selectPendingOffer(db: Kysely<Database>, downlineId: bigint, kind: ContractKind) {
  return contractsOf(db, 'downline_id', downlineId, kind)
    .select(['id', 'status'])
    .where('status', '=', 'offered')
    .executeTakeFirst();
}

export function selectById(db: Kysely<Database>, merchantCode: string, id: bigint) {
  return db
    .selectFrom('agent_contracts')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirst();
}

export type StoredContract = NonNullable<Awaited<ReturnType<typeof selectById>>>;
