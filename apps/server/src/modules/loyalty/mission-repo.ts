import type { MissionKind, MissionPeriod, MissionRewardType } from '@tessera/contract/routes/loyalty';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProgressIncrement } from './mission-rules.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface MissionRow {
  id: bigint;
  merchant_code: string;
  names: Record<string, string>;
  kind: MissionKind;
  game_category: string | null;
  target: bigint;
  period: MissionPeriod;
  reward_type: MissionRewardType;
  reward_amount: bigint;
  promotion_id: bigint | null;
  starts_at: Date;
  stopped_at: Date | null;
  updated_at: Date;
  updated_by: string;
}

export interface ProgressRow {
  mission_id: bigint;
  member_id: bigint;
  period_start: string;
  merchant_code: string;
  target: bigint;
  progress: bigint;
  completed_at: Date | null;
  claimed_at: Date | null;
}

const progressColumns = sql`mission_id, member_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, merchant_code,
  target, progress, completed_at, claimed_at`;

export async function selectRunningMissions(db: Db, merchant: string): Promise<MissionRow[]> {
  return db
    .selectFrom('missions')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('stopped_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function selectMissions(db: Db, merchant: string, ids: readonly bigint[]): Promise<MissionRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('missions').selectAll().where('merchant_code', '=', merchant).where('id', 'in', ids).execute();
}

/**
 * Adds the increments to the member's progress in one statement; a row reaching its target is completed then (and
 * stays completed). In the loyalty count's transaction, under the member's rank row.
 */
/** Adds each member's increments to their mission progress, completing what reaches its target. */
export async function addProgress(trx: Trx, merchant: string, increments: readonly (ProgressIncrement & { memberId: bigint })[]) {
  if (increments.length === 0) return;
  const values = sql.join(
    increments.map(
      (inc) =>
        sql`(${inc.missionId}::int8, ${inc.memberId}::int8, ${inc.periodStart}::date, ${inc.target}::int8, ${inc.amount}::int8)`,
    ),
  );
  await sql`
    INSERT INTO mission_progress (mission_id, member_id, period_start, merchant_code, target, progress, completed_at)
    SELECT v.mission_id, v.member_id, v.period_start, ${merchant}, v.target, v.amount,
           CASE WHEN v.amount >= v.target THEN now() END
    FROM (VALUES ${values}) AS v (mission_id, member_id, period_start, target, amount)
    ORDER BY v.member_id, v.mission_id, v.period_start
    ON CONFLICT (mission_id, member_id, period_start) DO UPDATE SET
      progress = mission_progress.progress + excluded.progress,
      completed_at = coalesce(mission_progress.completed_at,
        CASE WHEN mission_progress.progress + excluded.progress >= mission_progress.target THEN now() END)`.execute(trx);
}

/** Distinct UTC days the member signed in on, from `from` (a day) to before `until`. */
export async function loginDays(db: Db, merchant: string, memberId: bigint, from: string, until: Date | null): Promise<bigint> {
  const { rows } = await sql<{ days: string }>`
    SELECT count(DISTINCT (created_at AT TIME ZONE 'UTC')::date)::int8 AS days FROM sessions
    WHERE member_id = ${memberId} AND merchant_code = ${merchant} AND created_at >= ${from}::date
      AND (${until}::timestamptz IS NULL OR created_at < ${until}::timestamptz)`.execute(db);
  return BigInt(rows[0]?.days ?? 0);
}

/** A login mission's progress is the days counted so far: it only grows, and completes at its target. */
export async function setProgressAtLeast(
  db: Db,
  merchant: string,
  memberId: bigint,
  row: { missionId: bigint; periodStart: string; target: bigint; progress: bigint },
) {
  if (row.progress === 0n) return;
  await sql`
    INSERT INTO mission_progress (mission_id, member_id, period_start, merchant_code, target, progress, completed_at)
    VALUES (${row.missionId}, ${memberId}, ${row.periodStart}::date, ${merchant}, ${row.target}, ${row.progress},
            CASE WHEN ${row.progress}::int8 >= ${row.target}::int8 THEN now() END)
    ON CONFLICT (mission_id, member_id, period_start) DO UPDATE SET
      progress = greatest(mission_progress.progress, excluded.progress),
      completed_at = coalesce(mission_progress.completed_at,
        CASE WHEN excluded.progress >= mission_progress.target THEN now() END)
    WHERE mission_progress.progress < excluded.progress`.execute(db);
}

/** The member's progress in the given periods, and every completed reward not yet claimed. */
export async function selectMemberProgress(
  db: Db,
  memberId: bigint,
  current: readonly { missionId: bigint; periodStart: string }[],
): Promise<ProgressRow[]> {
  const keys = current.length
    ? sql.join(current.map((key) => sql`(${key.missionId}::int8, ${key.periodStart}::date)`))
    : sql`(NULL::int8, NULL::date)`;
  const { rows } = await sql<ProgressRow>`
    SELECT ${progressColumns} FROM mission_progress
    WHERE member_id = ${memberId}
      AND ((mission_id, period_start) IN (${keys}) OR (completed_at IS NOT NULL AND claimed_at IS NULL))
    ORDER BY period_start, mission_id`.execute(db);
  return rows;
}

export async function lockProgress(trx: Trx, missionId: bigint, memberId: bigint, periodStart: string) {
  const { rows } = await sql<ProgressRow>`
    SELECT ${progressColumns} FROM mission_progress
    WHERE mission_id = ${missionId} AND member_id = ${memberId} AND period_start = ${periodStart}::date
    FOR UPDATE`.execute(trx);
  return rows[0];
}

export async function markClaimed(trx: Trx, missionId: bigint, memberId: bigint, periodStart: string, at: Date) {
  await sql`
    UPDATE mission_progress SET claimed_at = ${at}
    WHERE mission_id = ${missionId} AND member_id = ${memberId} AND period_start = ${periodStart}::date`.execute(trx);
}

export interface BoardRow {
  member_id: bigint;
  account: string;
  completed: number;
  rank: number;
}

/** Members by missions completed since `from`, most first (ties: who got there first); with the member's own row. */
export async function selectBoard(db: Db, merchant: string, from: Date, limit: number, memberId: bigint | null) {
  const { rows } = await sql<BoardRow>`
    WITH counts AS (
      SELECT p.member_id, count(*)::int AS completed, max(p.completed_at) AS last_at
      FROM mission_progress p
      WHERE p.merchant_code = ${merchant} AND p.completed_at >= ${from}
      GROUP BY p.member_id
    ), ranked AS (
      SELECT c.member_id, m.account, c.completed,
             (row_number() OVER (ORDER BY c.completed DESC, c.last_at, c.member_id))::int AS rank
      FROM counts c JOIN members m ON m.id = c.member_id
    )
    SELECT member_id, account, completed, rank FROM ranked
    WHERE rank <= ${limit} OR member_id = ${memberId ?? 0n}
    ORDER BY rank`.execute(db);
  return rows;
}

export interface MissionAdminRow extends MissionRow {
  completed_count: number;
  claimed_count: number;
}

export async function selectMissionsAdmin(db: Db, merchant: string, id?: bigint): Promise<MissionAdminRow[]> {
  let query = db
    .selectFrom('missions as m')
    .selectAll('m')
    .select((eb) => [
      eb
        .selectFrom('mission_progress as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.mission_id', '=', 'm.id')
        .where('p.completed_at', 'is not', null)
        .as('completed_count'),
      eb
        .selectFrom('mission_progress as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.mission_id', '=', 'm.id')
        .where('p.claimed_at', 'is not', null)
        .as('claimed_count'),
    ])
    .where('m.merchant_code', '=', merchant);
  if (id !== undefined) query = query.where('m.id', '=', id);
  const rows = await query.orderBy('m.id', 'desc').limit(200).execute();
  return rows.map((row) => ({ ...row, completed_count: Number(row.completed_count), claimed_count: Number(row.claimed_count) }));
}

export type MissionChange = Omit<MissionRow, 'id' | 'merchant_code' | 'starts_at' | 'stopped_at' | 'updated_at'>;

export async function insertMission(trx: Trx, merchant: string, change: MissionChange): Promise<bigint> {
  const row = await trx
    .insertInto('missions')
    .values({ ...change, merchant_code: merchant, names: JSON.stringify(change.names) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function lockMission(trx: Trx, merchant: string, id: bigint): Promise<MissionRow | undefined> {
  return trx
    .selectFrom('missions')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_code', '=', merchant)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateMission(trx: Trx, id: bigint, change: MissionChange): Promise<void> {
  await trx
    .updateTable('missions')
    .set({ ...change, names: JSON.stringify(change.names), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Stops a mission at `at`, or runs it again with `at` null. */
export async function setStopped(trx: Trx, id: bigint, by: string, stoppedAt: Date | null): Promise<void> {
  await trx
    .updateTable('missions')
    .set({ stopped_at: stoppedAt, updated_by: by, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function selectAccount(db: Db, memberId: bigint): Promise<string | undefined> {
  return (await db.selectFrom('members').select('account').where('id', '=', memberId).executeTakeFirst())?.account;
}
