import { AGENT_CENTRE_TYPES } from '@tessera/contract/api/accounts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

const MEMBER_FIELDS = [
  'm.id',
  'm.merchant_code',
  'm.account',
  'm.nickname',
  'm.agent_type',
  'm.status',
  'm.parent_id',
  'm.created_at',
  'm.last_login_at',
] as const;

/** A LIKE pattern for an account prefix: the wildcards typed match themselves. */
const prefixPattern = (prefix: string) => `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The member itself, for the agent checks (read only: the accounts module owns `members`). */
export function selectMember(db: Kysely<Database>, merchantCode: string, id: bigint) {
  return db
    .selectFrom('members as m')
    .select(MEMBER_FIELDS)
    .where('m.id', '=', id)
    .where('m.merchant_code', '=', merchantCode)
    .executeTakeFirst();
}

export function selectMemberByAccount(db: Kysely<Database>, merchantCode: string, account: string) {
  return db
    .selectFrom('members as m')
    .select(MEMBER_FIELDS)
    .where('m.merchant_code', '=', merchantCode)
    .where(sql<string>`lower(m.account)`, '=', account.trim().toLowerCase())
    .executeTakeFirst();
}

/** Every agent above the member, at any depth (the closure table's own rows). */
export async function selectUplines(db: Kysely<Database>, memberId: bigint): Promise<bigint[]> {
  const rows = await db
    .selectFrom('agent_tree')
    .select('ancestor_id')
    .where('descendant_id', '=', memberId)
    .where('depth', '>', 0)
    .execute();
  return rows.map((row) => row.ancestor_id);
}

/** The agent's oldest active affiliate code (read only: the accounts module owns them). */
export async function selectInviteCode(db: Kysely<Database>, agentId: bigint): Promise<string | null> {
  const row = await db
    .selectFrom('affiliate_codes')
    .select('code')
    .where('agent_id', '=', agentId)
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.code ?? null;
}

/** Everyone under the agent, any level, and the direct ones: one index range of the tree. */
export async function countTeam(db: Kysely<Database>, agentId: bigint) {
  const row = await db
    .selectFrom('agent_tree')
    .select([
      sql<string>`count(*) FILTER (WHERE depth > 0)`.as('team'),
      sql<string>`count(*) FILTER (WHERE depth = 1)`.as('direct'),
    ])
    .where('ancestor_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return { teamSize: Number(row.team), directCount: Number(row.direct) };
}

/** Whether more than `size` members are under the agent now (reads at most size + 1 links). */
export async function teamLargerThan(db: Kysely<Database>, agentId: bigint, size: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM agent_tree WHERE ancestor_id = ${agentId} AND depth > 0 LIMIT ${size + 1}) links`.execute(db);
  return (rows[0]?.n ?? 0) > size;
}

/** The downline, nearest levels first then by account, optionally by account prefix; with the total. */
export async function selectTeamPage(db: Kysely<Database>, agentId: bigint, prefix: string, offset: number, limit: number) {
  let query = db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .where('t.ancestor_id', '=', agentId)
    .where('t.depth', '>', 0);
  if (prefix) query = query.where(sql<string>`lower(m.account)`, 'like', prefixPattern(prefix));
  const [rows, total] = await Promise.all([
    query
      .select([...MEMBER_FIELDS, 't.depth'])
      .orderBy('t.depth')
      .orderBy(sql`lower(m.account)`)
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A member of the agent's downline with their level under the agent; undefined for anyone else. */
export function selectTeamMember(db: Kysely<Database>, agentId: bigint, memberId: bigint) {
  return db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .select([...MEMBER_FIELDS, 't.depth'])
    .where('t.ancestor_id', '=', agentId)
    .where('t.descendant_id', '=', memberId)
    .where('t.depth', '>', 0)
    .executeTakeFirst();
}

/** The chain above a member, nearest first (depth 1 = the direct upline), up to `maxDepth` when given. */
export async function selectChainAbove(db: Kysely<Database>, memberId: bigint, maxDepth?: number) {
  let query = db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.ancestor_id')
    .select(['m.id', 'm.account', 't.depth'])
    .where('t.descendant_id', '=', memberId)
    .where('t.depth', '>', 0);
  if (maxDepth !== undefined) query = query.where('t.depth', '<=', maxDepth);
  return query.orderBy('t.depth').execute();
}

/** Whether `descendantId` is `ancestorId` or under them. */
export async function isInSubtree(db: Kysely<Database>, ancestorId: bigint, descendantId: bigint) {
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', ancestorId)
    .where('descendant_id', '=', descendantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who was under the agent at some moment of [from, to): the links in force now and the ones a move ended. */
export async function selectTeamDuring(db: Kysely<Database>, agentId: bigint, from: Date, to: Date) {
  const { rows } = await sql<{ descendant_id: bigint; depth: number }>`
    SELECT descendant_id, depth FROM agent_tree WHERE ancestor_id = ${agentId} AND depth > 0 AND since < ${to}
    UNION
    SELECT descendant_id, depth FROM agent_tree_history
    WHERE ancestor_id = ${agentId} AND depth > 0 AND until > ${from} AND since < ${to}`.execute(db);
  return rows;
}

/** The merchant's agents by account (or those directly under `underId`), with their upline and downline sizes. */
export async function selectAgentsPage(
  db: Kysely<Database>,
  merchantCode: string,
  filter: { prefix: string; underId: bigint | null },
  offset: number,
  limit: number,
) {
  let query = db
    .selectFrom('members as m')
    .where('m.merchant_code', '=', merchantCode)
    .where('m.agent_type', 'in', [...AGENT_CENTRE_TYPES]);
  if (filter.prefix) query = query.where(sql<string>`lower(m.account)`, 'like', prefixPattern(filter.prefix));
  const { underId } = filter;
  if (underId !== null) {
    query = query.where('m.id', 'in', (eb) =>
      eb.selectFrom('agent_tree').select('descendant_id').where('ancestor_id', '=', underId).where('depth', '=', 1),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .leftJoin('members as up', 'up.id', 'm.parent_id')
      .select([...MEMBER_FIELDS, 'up.account as upline'])
      .select((eb) => [
        eb
          .selectFrom('agent_tree as t')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('t.ancestor_id', '=', 'm.id')
          .where('t.depth', '>', 0)
          .as('team_size'),
        eb
          .selectFrom('agent_tree as t')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('t.ancestor_id', '=', 'm.id')
          .where('t.depth', '=', 1)
          .as('direct_count'),
      ])
      .orderBy(sql`lower(m.account)`)
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Serialises tree changes of one merchant with the tree triggers (which take the same lock). */
export async function lockTree(trx: Kysely<Database>, merchantCode: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agent_tree'), hashtext(${merchantCode}))`.execute(trx);
}

export async function insertMove(
  trx: Kysely<Database>,
  move: {
    merchantCode: string;
    memberId: bigint;
    fromParentId: bigint | null;
    toParentId: bigint | null;
    movedMembers: number;
    reason: string;
    actor: string;
  },
) {
  const row = await trx
    .insertInto('agent_moves')
    .values({
      merchant_code: move.merchantCode,
      member_id: move.memberId,
      from_parent_id: move.fromParentId,
      to_parent_id: move.toParentId,
      moved_members: move.movedMembers,
      reason: move.reason,
      actor: move.actor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type MoveRow = Awaited<ReturnType<typeof selectMoves>>[number];

/** The latest moves (of one member, or one move), newest first, with the accounts they name. */
export function selectMoves(
  db: Kysely<Database>,
  merchantCode: string,
  only: { memberId?: bigint | null; moveId?: bigint },
  limit: number,
) {
  let query = db
    .selectFrom('agent_moves as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('members as f', 'f.id', 'a.from_parent_id')
    .leftJoin('members as t', 't.id', 'a.to_parent_id')
    .select([
      'a.id',
      'm.account as member',
      'f.account as from_account',
      't.account as to_account',
      'a.moved_members',
      'a.reason',
      'a.actor',
      'a.moved_at',
    ])
    .where('a.merchant_code', '=', merchantCode);
  if (only.memberId) query = query.where('a.member_id', '=', only.memberId);
  if (only.moveId !== undefined) query = query.where('a.id', '=', only.moveId);
  return query.orderBy('a.id', 'desc').limit(limit).execute();
}

/**
 * Who was under the agent at some moment of whole days [fromDay, toDay] of the zone, as a query answering `member_id`
 * rows: the links in force that began before the period ended, and the ones a move ended inside or after it.
 */
export function teamDuringDays(agentId: bigint, fromDay: string, toDay: string, timeZone: string) {
  const start = sql`(${fromDay}::date::timestamp AT TIME ZONE ${timeZone})`;
  const end = sql`((${toDay}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
  // Each member once without hashing the whole team: the ended links only add members the links in force do not hold.
  return sql<{ member_id: bigint }>`
    SELECT descendant_id AS member_id FROM agent_tree WHERE ancestor_id = ${agentId} AND depth > 0 AND since < ${end}
    UNION ALL
    SELECT DISTINCT h.descendant_id FROM agent_tree_history h
    WHERE h.ancestor_id = ${agentId} AND h.depth > 0 AND h.until > ${start} AND h.since < ${end}
      AND NOT EXISTS (
        SELECT 1 FROM agent_tree t
        WHERE t.ancestor_id = ${agentId} AND t.descendant_id = h.descendant_id AND t.depth > 0 AND t.since < ${end})`;
}

/**
 * Whether a member was in the agent's team at some moment of the days (the test `teamDuringDays` answers as rows):
 * two index reads of the member's links, for reads that test a few members of a large team.
 */
export function inTeamDuringDays(agentId: bigint, fromDay: string, toDay: string, timeZone: string) {
  const start = sql`(${fromDay}::date::timestamp AT TIME ZONE ${timeZone})`;
  const end = sql`((${toDay}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
  return (memberId: RawBuilder<unknown>) => sql<boolean>`(
    EXISTS (
      SELECT 1 FROM agent_tree WHERE ancestor_id = ${agentId} AND descendant_id = ${memberId} AND depth > 0
        AND since < ${end} OFFSET 0)
    OR EXISTS (
      SELECT 1 FROM agent_tree_history h WHERE h.ancestor_id = ${agentId} AND h.descendant_id = ${memberId} AND h.depth > 0
        AND h.until > ${start} AND h.since < ${end} OFFSET 0))`;
}

/**
 * The agent's team over [from, to) as links with their time: each member under the agent with the span they were
 * (`since`, `until`, infinity while still there), one row per span, so a bet counts for the agent of its moment. The
 * agent and the bounds may be columns of an outer query, so a lateral join reads many agents' teams at once.
 */
export function teamLinksDuring(
  agentId: bigint | RawBuilder<bigint>,
  from: Date | RawBuilder<Date>,
  to: Date | RawBuilder<Date>,
) {
  return sql<{ member_id: bigint; since: Date; until: Date }>`
    SELECT descendant_id AS member_id, since, 'infinity'::timestamptz AS until FROM agent_tree
    WHERE ancestor_id = ${agentId} AND depth > 0 AND since < ${to}
    UNION ALL
    SELECT descendant_id, since, until FROM agent_tree_history
    WHERE ancestor_id = ${agentId} AND depth > 0 AND until > ${from} AND since < ${to}`;
}

/** One account if it was in the agent's team during the days, as a one-row team; undefined otherwise. */
export async function selectMemberDuring(
  db: Kysely<Database>,
  merchantCode: string,
  agentId: bigint,
  account: string,
  days: { fromDay: string; toDay: string; timeZone: string },
) {
  const member = await selectMemberByAccount(db, merchantCode, account);
  if (!member) return undefined;
  const { rows } = await sql<{ member_id: bigint }>`
    SELECT member_id FROM (${teamDuringDays(agentId, days.fromDay, days.toDay, days.timeZone)}) team
    WHERE member_id = ${member.id}`.execute(db);
  return rows.length > 0 ? member : undefined;
}

/** A LIKE pattern for an account prefix, for reads that filter the accounts themselves. */
export const accountPrefix = (prefix: string) => (prefix.trim() ? sql`${prefixPattern(prefix.trim())}` : null);

/** One member as a team query. */
export const oneMember = (memberId: bigint) => sql<{ member_id: bigint }>`SELECT ${memberId}::bigint AS member_id`;

/** An agent's direct downline agents' accounts, by account. */
export async function selectDirectAgents(db: Kysely<Database>, agentId: bigint, limit: number) {
  const rows = await db
    .selectFrom('members as m')
    .select('m.account')
    .where('m.parent_id', '=', agentId)
    .where('m.agent_type', 'in', [...AGENT_CENTRE_TYPES])
    .orderBy(sql`lower(m.account)`)
    .limit(limit)
    .execute();
  return rows.map((row) => row.account);
}
