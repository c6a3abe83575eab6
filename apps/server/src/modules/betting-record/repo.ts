import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HOUSE_SLOT_VENDOR } from '../house-vendor/games.js';
import { LOTTERY_GAMES } from '../lottery/games.js';

export interface BetFilter {
  merchantCode: string;
  memberId: bigint;
  start: Date;
  end: Date;
  language: string;
  gameCategory?: string;
  gameCode?: string;
}

export interface BetRow {
  round_id: string;
  vendor: string;
  game_code: string;
  game_name: string;
  game_category: string | null;
  game_classify: string | null;
  bet: bigint;
  win: bigint;
  status: 'settled' | 'open' | 'refunded';
  play_money: boolean;
  created_at: Date;
  verifiable: boolean;
}

/**
 * Every round of the member, one row each, read-only from the tables their modules own: house rounds
 * (house-vendor: settled in one transaction, provably fair), house lottery tickets (lottery) and third-party rounds (games: the seamless-wallet
 * log, a round being the vendor's debits and credits sharing a round id). Names and categories come from the
 * catalogue in the player's language.
 */
const lotteryVendors = sql.join(LOTTERY_GAMES.map((game) => sql`(${game.gameCode}::text, ${game.vendor}::text)`));

function bets(filter: BetFilter): RawBuilder<BetRow> {
  const { merchantCode: merchant, memberId: member, start, end } = filter;
  return sql<BetRow>`
    WITH rounds AS (
      SELECT r.id::text AS round_id, v.vassalage AS vendor, r.game_code, r.bet, r.win, 'settled' AS status,
        r.play_money, r.created_at, true AS verifiable
      FROM house_rounds r
      CROSS JOIN (VALUES (${HOUSE_SLOT_VENDOR})) AS v(vassalage)
      WHERE r.merchant_code = ${merchant} AND r.member_id = ${member}
        AND r.created_at >= ${start} AND r.created_at < ${end}
      UNION ALL
      SELECT t.round_id, t.vendor, max(t.game_code),
        coalesce(sum(t.amount) FILTER (WHERE t.operation = 'debit' AND t.state = 'applied'), 0),
        coalesce(sum(t.amount) FILTER (WHERE t.operation = 'credit'), 0),
        CASE
          WHEN bool_and(t.state = 'rolled_back') FILTER (WHERE t.operation = 'debit') THEN 'refunded'
          WHEN bool_or(t.operation = 'credit') THEN 'settled'
          ELSE 'open'
        END,
        false, min(t.created_at), false
      FROM game_vendor_transactions t
      WHERE t.merchant_code = ${merchant} AND t.member_id = ${member} AND t.round_id IS NOT NULL
        AND t.operation IN ('debit', 'credit')
      GROUP BY t.vendor, t.round_id
      HAVING min(t.created_at) >= ${start} AND min(t.created_at) < ${end}
      UNION ALL
      -- house lottery tickets (modules/lottery): one row per ticket, its draw as the round
      SELECT t.draw_id::text, lv.vassalage, t.game_code, t.stake, t.payout,
        CASE t.status WHEN 'open' THEN 'open' WHEN 'void' THEN 'refunded' ELSE 'settled' END,
        t.play_money, t.created_at, false
      FROM lottery_tickets t
      JOIN (VALUES ${lotteryVendors}) AS lv(game_code, vassalage) ON lv.game_code = t.game_code
      WHERE t.merchant_code = ${merchant} AND t.member_id = ${member}
        AND t.created_at >= ${start} AND t.created_at < ${end}
    )
    SELECT b.round_id, b.vendor, b.game_code, b.bet, b.win, b.status, b.play_money, b.created_at, b.verifiable,
      coalesce(g.names->>${filter.language}, g.names->>'en', b.game_code) AS game_name,
      cv.category AS game_category, g.classify_key AS game_classify
    FROM rounds b
    LEFT JOIN catalogue_vendors cv ON cv.merchant_code = ${merchant} AND cv.vassalage = b.vendor
    LEFT JOIN catalogue_games g ON g.vendor_id = cv.id AND g.game_code = b.game_code`;
}

function filtered(filter: BetFilter) {
  const category = filter.gameCategory ? sql`AND game_category = ${filter.gameCategory}` : sql``;
  const game = filter.gameCode ? sql`AND game_code = ${filter.gameCode}` : sql``;
  return sql`SELECT * FROM (${bets(filter)}) b WHERE true ${category} ${game}`;
}

export async function selectBets(db: Kysely<Database>, filter: BetFilter, page: { offset: number; limit: number }) {
  const [rows, summary, games] = await Promise.all([
    sql<BetRow>`${filtered(filter)} ORDER BY created_at DESC, round_id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
      db,
    ),
    sql<{ rounds: number; bet: bigint | null; win: bigint | null }>`
      SELECT count(*)::int AS rounds,
        sum(bet) FILTER (WHERE NOT play_money) AS bet, sum(win) FILTER (WHERE NOT play_money) AS win
      FROM (${filtered(filter)}) f`.execute(db),
    sql<{ game_code: string; game_name: string; game_category: string | null }>`
      SELECT DISTINCT game_code, game_name, game_category FROM (${bets(filter)}) b ORDER BY game_name`.execute(db),
  ]);
  const totals = summary.rows[0];
  return {
    rows: rows.rows,
    total: totals?.rounds ?? 0,
    betTotal: BigInt(totals?.bet ?? 0),
    winTotal: BigInt(totals?.win ?? 0),
    games: games.rows,
  };
}

export interface ProfitRow {
  day: string;
  game_category: string | null;
  game_classify: string | null;
  bet: bigint;
  win: bigint;
  rounds: number;
}

/** Real-money rounds summed by the player's calendar day (UTC offset in minutes) and category. */
export async function selectProfit(db: Kysely<Database>, filter: BetFilter, utcOffsetMinutes: number) {
  const { rows } = await sql<ProfitRow>`
    SELECT to_char((created_at AT TIME ZONE 'UTC') + ${utcOffsetMinutes} * interval '1 minute', 'YYYY-MM-DD') AS day,
      game_category, sum(bet) AS bet, sum(win) AS win, count(*)::int AS rounds
    FROM (${bets(filter)}) b
    WHERE NOT play_money AND status <> 'refunded'
    GROUP BY 1, 2
    ORDER BY 1, 2`.execute(db);
  return rows;
}
