import type { PlayerTable } from '@tessera/contract/routes/back-office-players';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * Read-only views of the tables the player modules own (accounts, ledger, deposits, withdrawals, sessions,
 * login verification, security centre), keyed by the merchant and the member; plus the notes, which this module owns.
 */

export type SearchKey = 'account' | 'mobile' | 'email' | 'ip' | 'bank';
export type SearchSort = 'account' | 'createdAt' | 'lastLoginAt';

export interface PlayerSearch {
  merchantCode: string;
  by: SearchKey;
  q: string;
  sort: SearchSort;
  order: 'asc' | 'desc';
}

const SUMMARY_COLUMNS = [
  'm.id',
  'm.merchant_code',
  'm.account',
  'm.agent_type',
  'm.status',
  'm.mobile',
  'm.dial_code',
  'm.email',
  'm.created_at',
  'm.last_login_at',
  'm.last_login_ip',
] as const;

/** `LIKE` reads these three as patterns; an account prefix means the letters typed. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each key reads one index (migration 2026-11-27-1900-player-admin). */
function searched(db: Kysely<Database>, search: PlayerSearch) {
  const base = db.selectFrom('members as m').where('m.merchant_code', '=', search.merchantCode);
  const q = search.q.trim();
  switch (search.by) {
    case 'account':
      return base.where(sql<string>`lower(m.account)`, 'like', `${likeEscaped(q.toLowerCase())}%`);
    case 'mobile': {
      // The national number as stored, or the number with its dial code (1-4 digits) in front.
      const digits = q.replace(/[\s()+-]/g, '');
      const split = [1, 2, 3, 4].filter((n) => digits.length > n).map((n) => [digits.slice(0, n), digits.slice(n)] as const);
      return base.where((eb) =>
        eb.or([
          eb('m.mobile', '=', digits),
          ...split.map(([dial, national]) => eb.and([eb('m.dial_code', '=', dial), eb('m.mobile', '=', national)])),
        ]),
      );
    }
    case 'email':
      return base.where(sql<string>`lower(m.email)`, '=', q.toLowerCase());
    case 'ip':
      return base.where((eb) =>
        eb.or([
          eb('m.last_login_ip', '=', q),
          eb('m.id', 'in', eb.selectFrom('member_known_addresses').select('member_id').where('ip', '=', q)),
        ]),
      );
    case 'bank':
      return base.where('m.id', 'in', (eb) =>
        eb
          .selectFrom('payout_accounts')
          .select('member_id')
          .where('merchant_code', '=', search.merchantCode)
          .where('account_number', '=', q.replace(/[\s-]/g, '')),
      );
  }
}

const SORT_COLUMN = { account: sql`lower(m.account)`, createdAt: sql`m.created_at`, lastLoginAt: sql`m.last_login_at` };

export async function searchPlayers(db: Kysely<Database>, search: PlayerSearch, offset: number, limit: number) {
  const direction = search.order === 'asc' ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
  const [rows, count] = await Promise.all([
    searched(db, search)
      .select(SUMMARY_COLUMNS)
      .orderBy(sql`${SORT_COLUMN[search.sort]} ${direction}`)
      .orderBy('m.id', search.order)
      .offset(offset)
      .limit(limit)
      .execute(),
    searched(db, search)
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type PlayerSummaryRow = Awaited<ReturnType<typeof searchPlayers>>['rows'][number];

export function selectPlayer(db: Kysely<Database>, merchantCode: string, id: bigint) {
  return db
    .selectFrom('members as m')
    .select([
      ...SUMMARY_COLUMNS,
      'm.nickname',
      'm.language',
      'm.mobile_verified_at',
      'm.email_verified_at',
      'm.password_changed_at',
      'm.password_change_required',
      sql<boolean>`m.password_hash IS NOT NULL`.as('has_password'),
      'm.registration',
    ])
    .where('m.merchant_code', '=', merchantCode)
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export function selectBalances(db: Kysely<Database>, memberId: bigint) {
  return db
    .selectFrom('ledger_accounts')
    .select(['kind', 'ref', 'balance', 'held'])
    .where('owner_id', '=', memberId)
    .where('kind', 'in', ['member_main', 'member_vendor', 'member_bonus', 'member_points'])
    .orderBy('id')
    .execute();
}

export function selectPayoutAccounts(db: Kysely<Database>, memberId: bigint) {
  return db
    .selectFrom('payout_accounts')
    .select(['type', 'provider', 'holder_name', 'account_number', 'created_at', 'removed_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

export async function countKnownAddresses(db: Kysely<Database>, memberId: bigint) {
  const row = await db
    .selectFrom('member_known_addresses')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface RowsFilter {
  merchantCode: string;
  memberId: bigint;
  from?: Date;
  to?: Date;
  order: 'asc' | 'desc';
}

type Cell = string | number | boolean | null;

/** One table's rows as SQL with a `t` time column for the range and the order, and its cells in column order. */
function tableQuery(table: Exclude<PlayerTable, 'bets'>, f: RowsFilter): RawBuilder<{ t: Date; cells: Cell[] }> {
  const within = (column: RawBuilder<unknown>) =>
    sql`${f.from ? sql`AND ${column} >= ${f.from}` : sql``} ${f.to ? sql`AND ${column} < ${f.to}` : sql``}`;
  switch (table) {
    case 'transfers':
      // One line per side the member owns (a main → game-wallet transfer is two lines), as the player's record.
      return sql`
        SELECT tr.created_at AS t, json_build_array(tr.id::text, (extract(epoch FROM tr.created_at) * 1000)::bigint,
          tr.kind, a.kind || CASE WHEN a.ref <> '' THEN ':' || a.ref ELSE '' END,
          CASE WHEN tr.credit_account_id = a.id THEN 'in' ELSE 'out' END, tr.amount::text,
          (CASE WHEN tr.credit_account_id = a.id THEN tr.credit_balance_after ELSE tr.debit_balance_after END)::text,
          tr.state, tr.cause_type || ':' || tr.cause_id) AS cells
        FROM ledger_accounts a
        JOIN ledger_transfers tr ON tr.debit_account_id = a.id OR tr.credit_account_id = a.id
        WHERE a.owner_id = ${f.memberId} AND a.merchant_code = ${f.merchantCode}
          AND a.kind IN ('member_main', 'member_vendor', 'member_bonus', 'member_points') ${within(sql`tr.created_at`)}`;
    case 'deposits':
      return sql`
        SELECT o.created_at AS t, json_build_array(o.id::text, (extract(epoch FROM o.created_at) * 1000)::bigint,
          c.code, o.amount_minor::text, o.status, o.reference, o.decided_by) AS cells
        FROM deposit_orders o JOIN deposit_channels c ON c.id = o.channel_id
        WHERE o.member_id = ${f.memberId} AND o.merchant_code = ${f.merchantCode} ${within(sql`o.created_at`)}`;
    case 'withdrawals':
      // account_masked is stored masked: the withdrawal never held the full number.
      return sql`
        SELECT w.created_at AS t, json_build_array(w.id::text, (extract(epoch FROM w.created_at) * 1000)::bigint,
          w.amount_minor::text, w.account_type || ' ' || w.account_provider || ' ' || w.account_masked, w.status,
          w.decided_by) AS cells
        FROM withdrawals w
        WHERE w.member_id = ${f.memberId} AND w.merchant_code = ${f.merchantCode} ${within(sql`w.created_at`)}`;
    case 'sessions':
      return sql`
        SELECT s.created_at AS t, json_build_array((extract(epoch FROM s.created_at) * 1000)::bigint, s.ip,
          (extract(epoch FROM s.expires_at) * 1000)::bigint, (extract(epoch FROM s.ended_at) * 1000)::bigint,
          s.end_reason) AS cells
        FROM sessions s
        WHERE s.member_id = ${f.memberId} AND s.merchant_code = ${f.merchantCode} ${within(sql`s.created_at`)}`;
    case 'devices':
      return sql`
        SELECT k.last_seen_at AS t, json_build_array(k.ip, (extract(epoch FROM k.first_seen_at) * 1000)::bigint,
          (extract(epoch FROM k.last_seen_at) * 1000)::bigint) AS cells
        FROM member_known_addresses k JOIN members m ON m.id = k.member_id
        WHERE k.member_id = ${f.memberId} AND m.merchant_code = ${f.merchantCode} ${within(sql`k.last_seen_at`)}`;
    case 'notes':
      return sql`
        SELECT n.created_at AS t, json_build_array((extract(epoch FROM n.created_at) * 1000)::bigint, n.author, n.text)
          AS cells
        FROM player_notes n
        WHERE n.member_id = ${f.memberId} AND n.merchant_code = ${f.merchantCode} ${within(sql`n.created_at`)}`;
  }
}

export async function selectRows(
  db: Kysely<Database>,
  table: Exclude<PlayerTable, 'bets'>,
  filter: RowsFilter,
  offset: number,
  limit: number,
): Promise<{ rows: Cell[][]; total: number }> {
  const query = tableQuery(table, filter);
  const direction = filter.order === 'asc' ? sql`ASC` : sql`DESC`;
  const [rows, count] = await Promise.all([
    sql<{ cells: Cell[] }>`SELECT cells FROM (${query}) q ORDER BY t ${direction} LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${query}) q`.execute(db),
  ]);
  return { rows: rows.rows.map((row) => row.cells), total: count.rows[0]?.n ?? 0 };
}

export async function insertNote(
  db: Kysely<Database>,
  note: { merchantCode: string; memberId: bigint; author: string; text: string },
) {
  const row = await db
    .insertInto('player_notes')
    .values({ merchant_code: note.merchantCode, member_id: note.memberId, author: note.author, text: note.text })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return row;
}
