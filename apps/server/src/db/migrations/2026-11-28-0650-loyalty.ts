import { type Kysely, sql } from 'kysely';

/**
 * VIP ranks and points (modules/loyalty). Each member's rank row carries the ledger mark the money path's events are
 * counted through, the points fraction not yet credited and the month whose VIP bonus is paid; the daily sums of
 * deposits and valid bets give the rolling window; level changes are an append-only trail (one downgrade per member
 * per review day). The points mall's items keep their stock under a CHECK, so no race can oversell them; a
 * redemption or a conversion is unique per member and request id. Points move in the ledger as kind 'points'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE loyalty_members (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      merchant_code text NOT NULL,
      rank_level integer NOT NULL DEFAULT 0 CHECK (rank_level >= 0),
      highest_level integer NOT NULL DEFAULT 0 CHECK (highest_level >= rank_level),
      level_since timestamptz NOT NULL DEFAULT now(),
      counted_through bigint NOT NULL DEFAULT 0,
      points_carry integer NOT NULL DEFAULT 0 CHECK (points_carry >= 0 AND points_carry < 10000),
      earned_total bigint NOT NULL DEFAULT 0 CHECK (earned_total >= 0),
      monthly_paid_for text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX loyalty_members_ranked ON loyalty_members (merchant_code, level_since) WHERE rank_level > 0`.execute(db);
  await sql`
    CREATE TABLE loyalty_days (
      member_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      deposits_minor bigint NOT NULL DEFAULT 0 CHECK (deposits_minor >= 0),
      valid_bet_minor bigint NOT NULL DEFAULT 0 CHECK (valid_bet_minor >= 0),
      PRIMARY KEY (member_id, day)
    )`.execute(db);
  await sql`
    CREATE TABLE loyalty_level_changes (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      from_level integer NOT NULL,
      to_level integer NOT NULL,
      reason text NOT NULL CHECK (reason IN ('upgrade', 'downgrade')),
      review_day date,
      at timestamptz NOT NULL DEFAULT now(),
      CHECK ((reason = 'downgrade') = (review_day IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX loyalty_level_changes_one_review ON loyalty_level_changes (member_id, review_day)`.execute(db);
  await sql`CREATE INDEX loyalty_level_changes_by_member ON loyalty_level_changes (member_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE point_mall_items (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      names jsonb NOT NULL,
      image text,
      points_price bigint NOT NULL CHECK (points_price > 0),
      stock integer NOT NULL CHECK (stock >= 0),
      per_member_limit integer CHECK (per_member_limit > 0),
      active boolean NOT NULL,
      redeemed_count integer NOT NULL DEFAULT 0 CHECK (redeemed_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX point_mall_items_by_merchant ON point_mall_items (merchant_code, id DESC)`.execute(db);
  await sql`
    CREATE TABLE point_redemptions (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      item_id bigint NOT NULL REFERENCES point_mall_items(id),
      request_id text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      points bigint NOT NULL CHECK (points > 0),
      status text NOT NULL CHECK (status IN ('in_process', 'approved', 'rejected')),
      remark text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      decided_by text,
      UNIQUE (member_id, request_id)
    )`.execute(db);
  await sql`CREATE INDEX point_redemptions_queue ON point_redemptions (merchant_code, status, id)`.execute(db);
  await sql`CREATE INDEX point_redemptions_by_member ON point_redemptions (member_id, item_id)`.execute(db);
  await sql`
    CREATE TABLE point_conversions (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      request_id text NOT NULL,
      points bigint NOT NULL CHECK (points > 0),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    )`.execute(db);
  await sql`ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_kind_check`.execute(db);
  await sql`
    ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind_check CHECK (kind IN ('deposit', 'withdrawal',
      'wallet_transfer', 'member_transfer', 'bet', 'win', 'refund', 'rebate', 'bonus', 'adjustment', 'points'))`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'loyalty.manage')
    WHERE name = 'owner' AND NOT ('loyalty.manage' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'loyalty.manage')`.execute(db);
  await sql`ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_kind_check`.execute(db);
  await sql`
    ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind_check CHECK (kind IN ('deposit', 'withdrawal',
      'wallet_transfer', 'member_transfer', 'bet', 'win', 'refund', 'rebate', 'bonus', 'adjustment'))`.execute(db);
  for (const table of [
    'point_conversions',
    'point_redemptions',
    'point_mall_items',
    'loyalty_level_changes',
    'loyalty_days',
    'loyalty_members',
  ])
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
}
