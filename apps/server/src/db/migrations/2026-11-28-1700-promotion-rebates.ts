import { type Kysely, sql } from 'kysely';

/**
 * Loss rebates (modules/promotions): a promotion of type `rebate` pays a percent (basis points) of each member's net
 * cash loss over a daily or weekly period in the game categories it names, above a minimum loss and up to the bonus
 * cap, as cash (wagering 0) or as a bonus. Each closed period is a row whose cursor is the last member paid, so a job
 * run cut short resumes after it; each member's rebate of a period is a row UNIQUE on (promotion, member, period), so
 * it is paid once whatever instances race or crash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_type_check`.execute(db);
  await sql`
    ALTER TABLE promotions ADD CONSTRAINT promotions_type_check
      CHECK (type IN ('first_deposit', 'reload', 'signup', 'free', 'referral', 'rebate'))`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN rebate_period text CHECK (rebate_period IN ('daily', 'weekly'))`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN rebate_bp integer CHECK (rebate_bp BETWEEN 1 AND 10000)`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN min_loss_minor bigint CHECK (min_loss_minor >= 0)`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN rebate_categories jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`
    ALTER TABLE promotions ADD CONSTRAINT promotions_rebate_terms
      CHECK ((type = 'rebate') = (rebate_period IS NOT NULL AND rebate_bp IS NOT NULL))`.execute(db);
  await sql`
    CREATE TABLE promotion_rebate_periods (
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      after_member_id bigint NOT NULL DEFAULT 0,
      closed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (promotion_id, period_start),
      CHECK (period_end > period_start)
    )`.execute(db);
  await sql`
    CREATE TABLE promotion_rebates (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      loss_minor bigint NOT NULL CHECK (loss_minor > 0),
      rebate_minor bigint NOT NULL CHECK (rebate_minor >= 0),
      state text NOT NULL CHECK (state IN ('waiting', 'paid', 'refused')),
      reason text,
      claim_id bigint REFERENCES promotion_claims(id),
      transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      UNIQUE (promotion_id, member_id, period_start),
      CHECK ((state = 'paid') = (transfer_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX promotion_rebates_by_member ON promotion_rebates (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX promotion_rebates_waiting ON promotion_rebates (promotion_id, id) WHERE state = 'waiting'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE promotion_rebates`.execute(db);
  await sql`DROP TABLE promotion_rebate_periods`.execute(db);
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_rebate_terms`.execute(db);
  for (const column of ['rebate_categories', 'min_loss_minor', 'rebate_bp', 'rebate_period'])
    await sql`ALTER TABLE promotions DROP COLUMN ${sql.ref(column)}`.execute(db);
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_type_check`.execute(db);
  await sql`
    ALTER TABLE promotions ADD CONSTRAINT promotions_type_check
      CHECK (type IN ('first_deposit', 'reload', 'signup', 'free', 'referral'))`.execute(db);
}
