import { type Kysely, sql } from 'kysely';

/**
 * Member referral and reviewed claims (modules/promotions, modules/referrals). Promotions gain the `referral` type
 * (the referrer's reward per qualifying friend, with its trigger), and a `review` switch; claims gain `applying`
 * (waiting for an operator), the flags that sent them there, and the referral a reward pays — at most one claim per
 * referral (a UNIQUE index), so a reward is paid once whatever races. `applying` is an open state: it blocks a second
 * bonus as `joined` and `issued` do. Each member's referral code, and each sign-up through one (one per referee),
 * are their own tables. The `promotions.review` permission goes to the owner and risk roles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_type_check`.execute(db);
  await sql`
    ALTER TABLE promotions ADD CONSTRAINT promotions_type_check
      CHECK (type IN ('first_deposit', 'reload', 'signup', 'free', 'referral'))`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN review boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE promotions ADD COLUMN referral_trigger text
      CHECK (referral_trigger IN ('first_deposit', 'valid_bet', 'both'))`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN referral_valid_bet_minor bigint CHECK (referral_valid_bet_minor > 0)`.execute(db);
  await sql`ALTER TABLE promotion_claims DROP CONSTRAINT promotion_claims_state_check`.execute(db);
  await sql`
    ALTER TABLE promotion_claims ADD CONSTRAINT promotion_claims_state_check
      CHECK (state IN ('joined', 'applying', 'issued', 'claimed', 'rejected', 'expired', 'forfeited', 'lost'))`.execute(db);
  await sql`ALTER TABLE promotion_claims ADD COLUMN flags jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`ALTER TABLE promotion_claims ADD COLUMN referral_id bigint`.execute(db);
  await sql`DROP INDEX promotion_claims_one_open`.execute(db);
  await sql`
    CREATE UNIQUE INDEX promotion_claims_one_open ON promotion_claims (member_id)
    WHERE state IN ('joined', 'applying', 'issued')`.execute(db);
  await sql`
    CREATE UNIQUE INDEX promotion_claims_one_per_referral ON promotion_claims (referral_id)
    WHERE referral_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX promotion_claims_applying ON promotion_claims (merchant_code, id) WHERE state = 'applying'`.execute(db);
  await sql`
    CREATE TABLE referral_codes (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      merchant_code text NOT NULL,
      code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, code)
    )`.execute(db);
  await sql`
    CREATE TABLE referrals (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      referrer_id bigint NOT NULL REFERENCES members(id),
      referee_id bigint NOT NULL UNIQUE REFERENCES members(id),
      code text NOT NULL,
      earned_at timestamptz,
      promotion_id bigint REFERENCES promotions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (referrer_id <> referee_id),
      CHECK ((earned_at IS NULL) = (promotion_id IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX referrals_by_referrer ON referrals (referrer_id, id DESC)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'promotions.review')
    WHERE name IN ('owner', 'risk') AND NOT ('promotions.review' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'promotions.review')`.execute(db);
  await sql`DROP TABLE referrals`.execute(db);
  await sql`DROP TABLE referral_codes`.execute(db);
  await sql`DROP INDEX promotion_claims_applying`.execute(db);
  await sql`DROP INDEX promotion_claims_one_per_referral`.execute(db);
  await sql`DROP INDEX promotion_claims_one_open`.execute(db);
  await sql`
    CREATE UNIQUE INDEX promotion_claims_one_open ON promotion_claims (member_id)
    WHERE state IN ('joined', 'issued')`.execute(db);
  await sql`ALTER TABLE promotion_claims DROP COLUMN referral_id`.execute(db);
  await sql`ALTER TABLE promotion_claims DROP COLUMN flags`.execute(db);
  await sql`ALTER TABLE promotion_claims DROP CONSTRAINT promotion_claims_state_check`.execute(db);
  await sql`
    ALTER TABLE promotion_claims ADD CONSTRAINT promotion_claims_state_check
      CHECK (state IN ('joined', 'issued', 'claimed', 'rejected', 'expired', 'forfeited', 'lost'))`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN referral_valid_bet_minor`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN referral_trigger`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN review`.execute(db);
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_type_check`.execute(db);
  await sql`
    ALTER TABLE promotions ADD CONSTRAINT promotions_type_check
      CHECK (type IN ('first_deposit', 'reload', 'signup', 'free'))`.execute(db);
}
