import type { GameCategory } from '@tessera/contract/catalogue/categories';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HOUSE_SLOT_VENDOR } from '../house-vendor/games.js';
import { LOTTERY_GAMES } from '../lottery/games.js';

export interface WinnerQuery {
  merchantCode: string;
  board: 'top' | 'latest';
  since: Date;
  gameCategory?: GameCategory;
  language: string;
  limit: number;
}

export interface WinnerRow {
  account: string;
  vendor: string;
  game_code: string;
  win: bigint;
  won_at: Date;
  game_name: string;
  game_category: GameCategory | null;
}

const TRIAL_AGENT_TYPE = 4;

/** The order of a board, inside each source and across them: a source's own top n is enough for the whole top n. */
const orderOf = (board: WinnerQuery['board']) =>
  board === 'top' ? sql`ORDER BY win DESC, won_at DESC` : sql`ORDER BY won_at DESC, win DESC`;

/** Only vendors of the category, when one is asked for (the catalogue decides which category a vendor is in). */
const inCategory = (q: WinnerQuery, vendor: RawBuilder<unknown>) =>
  q.gameCategory
    ? sql`AND ${vendor} IN (SELECT vassalage FROM catalogue_vendors WHERE merchant_code = ${q.merchantCode} AND category = ${q.gameCategory})`
    : sql``;

/**
 * One branch per source of real-money wins, each `(vendor, game_code, member_id, win, won_at)` already ordered
 * and limited. A new game source is one more branch here (and a partial index in its migration).
 */
function sources(q: WinnerQuery): RawBuilder<unknown>[] {
  const lotteryVendors = sql.join(LOTTERY_GAMES.map((g) => sql`(${g.gameCode}, ${g.vendor})`));
  return [
    // House slots (house-vendor): a round's win, settled in the spin's transaction; play money never counts.
    sql`SELECT ${HOUSE_SLOT_VENDOR}::text AS vendor, game_code, member_id, win, created_at AS won_at
      FROM house_rounds
      WHERE merchant_code = ${q.merchantCode} AND win > 0 AND NOT play_money AND created_at >= ${q.since}
        ${inCategory(q, sql`${HOUSE_SLOT_VENDOR}::text`)}`,
    // Third-party vendors (games, seamless wallet): a round's applied credits summed; trial accounts excluded.
    sql`SELECT t.vendor, coalesce(max(t.game_code), t.vendor) AS game_code, t.member_id,
        sum(t.amount)::bigint AS win, max(t.created_at) AS won_at
      FROM game_vendor_transactions t
      WHERE t.merchant_code = ${q.merchantCode} AND t.operation = 'credit' AND t.state = 'applied' AND t.amount > 0
        AND t.member_id IS NOT NULL AND t.created_at >= ${q.since} ${inCategory(q, sql`t.vendor`)}
        AND NOT EXISTS (SELECT 1 FROM members tm WHERE tm.id = t.member_id AND tm.agent_type = ${TRIAL_AGENT_TYPE})
      GROUP BY t.vendor, t.member_id, coalesce(t.round_id, t.tx_id)`,
    // House lotteries (lottery): a real-money winning ticket's payout, written at settlement.
    sql`SELECT lg.vendor, w.game_code, w.member_id, w.payout AS win, w.settled_at AS won_at
      FROM lottery_wins w
      JOIN (VALUES ${lotteryVendors}) AS lg(game_code, vendor) ON lg.game_code = w.game_code
      WHERE w.merchant_code = ${q.merchantCode} AND w.settled_at >= ${q.since} ${inCategory(q, sql`lg.vendor`)}`,
  ];
}

/** The board's rows: accounts (masked by the service), game names in the asked language, newest or biggest first. */
export async function selectWinners(db: Kysely<Database>, q: WinnerQuery): Promise<WinnerRow[]> {
  const order = orderOf(q.board);
  const branches = sql.join(
    sources(q).map((branch) => sql`(SELECT * FROM (${branch}) s ${order} LIMIT ${q.limit})`),
    sql` UNION ALL `,
  );
  const { rows } = await sql<WinnerRow>`
    SELECT m.account, w.vendor, w.game_code, w.win, w.won_at,
      coalesce(g.names->>${q.language}, g.names->>'en', w.game_code) AS game_name, cv.category AS game_category
    FROM (${branches}) w
    JOIN members m ON m.id = w.member_id
    LEFT JOIN catalogue_vendors cv ON cv.merchant_code = ${q.merchantCode} AND cv.vassalage = w.vendor
    LEFT JOIN catalogue_games g ON g.vendor_id = cv.id AND g.game_code = w.game_code
    ${order}
    LIMIT ${q.limit}`.execute(db);
  return rows;
}
