import { type Kysely, sql } from 'kysely';

/**
 * Missions (modules/loyalty): tasks an operator defines, and each member's progress per mission and period. Progress
 * is counted in the same transaction that moves the member's loyalty mark, so a replayed event counts nothing twice;
 * the progress row keeps the target it was counted against, and its claim (once: `claimed_at`) is taken under the
 * row's lock. A bonus reward names the free-bonus promotion whose terms it follows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE missions (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      names jsonb NOT NULL,
      kind text NOT NULL CHECK (kind IN ('deposit', 'valid_bet', 'bet_count', 'login_days')),
      game_category text,
      target bigint NOT NULL CHECK (target > 0),
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'once')),
      reward_type text NOT NULL CHECK (reward_type IN ('points', 'bonus')),
      reward_amount bigint NOT NULL CHECK (reward_amount > 0),
      promotion_id bigint REFERENCES promotions(id),
      starts_at timestamptz NOT NULL DEFAULT now(),
      stopped_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      CHECK ((reward_type = 'bonus') = (promotion_id IS NOT NULL)),
      CHECK (game_category IS NULL OR kind IN ('valid_bet', 'bet_count'))
    )`.execute(db);
  await sql`CREATE INDEX missions_by_merchant ON missions (merchant_code, id DESC)`.execute(db);
  await sql`
    CREATE TABLE mission_progress (
      mission_id bigint NOT NULL REFERENCES missions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      period_start date NOT NULL,
      merchant_code text NOT NULL,
      target bigint NOT NULL CHECK (target > 0),
      progress bigint NOT NULL DEFAULT 0 CHECK (progress >= 0),
      completed_at timestamptz,
      claimed_at timestamptz,
      PRIMARY KEY (mission_id, member_id, period_start),
      CHECK (claimed_at IS NULL OR completed_at IS NOT NULL)
    )`.execute(db);
  await sql`
    CREATE INDEX mission_progress_claimable ON mission_progress (member_id)
    WHERE completed_at IS NOT NULL AND claimed_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX mission_progress_completed ON mission_progress (merchant_code, completed_at)
    WHERE completed_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mission_progress`.execute(db);
  await sql`DROP TABLE missions`.execute(db);
}
