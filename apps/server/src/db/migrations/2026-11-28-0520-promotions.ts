import { type Kysely, sql } from 'kysely';

/**
 * Promotions members take part in (modules/promotions): the operator's promotions with their terms, budget and
 * claim counters (CHECKs keep both under their caps whatever the code does), each member's claims with the bonus
 * and its wagering (one open claim per member: the partial UNIQUE index), and the claims' state changes as an
 * append-only trail. A claim's change announces the member on `member_changed`, so the bet path's per-process copy
 * of "this member has a bonus running" is dropped on every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE promotions (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      type text NOT NULL CHECK (type IN ('first_deposit', 'reload', 'signup', 'free')),
      texts jsonb NOT NULL,
      image text,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      closed_at timestamptz,
      audience text NOT NULL CHECK (audience IN ('all', 'new')),
      new_member_days integer NOT NULL,
      match_percent integer,
      bonus_cap_minor bigint NOT NULL CHECK (bonus_cap_minor > 0),
      min_deposit_minor bigint,
      fixed_bonus_minor bigint,
      wagering_multiplier integer NOT NULL CHECK (wagering_multiplier >= 0),
      wagering_base text NOT NULL CHECK (wagering_base IN ('bonus', 'deposit_bonus')),
      weights jsonb NOT NULL,
      max_bet_minor bigint,
      expiry_hours integer NOT NULL CHECK (expiry_hours > 0),
      max_conversion_minor bigint,
      max_claims_per_member integer NOT NULL CHECK (max_claims_per_member > 0),
      max_claims_total integer,
      budget_minor bigint,
      budget_used_minor bigint NOT NULL DEFAULT 0,
      claims_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      CHECK (budget_minor IS NULL OR budget_used_minor <= budget_minor),
      CHECK (max_claims_total IS NULL OR claims_count <= max_claims_total)
    )`.execute(db);
  await sql`CREATE INDEX promotions_by_merchant ON promotions (merchant_code, id DESC)`.execute(db);
  await sql`
    CREATE TABLE promotion_claims (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      state text NOT NULL CHECK (state IN ('joined', 'issued', 'claimed', 'rejected', 'expired', 'forfeited', 'lost')),
      reason text,
      deposit_order_id bigint,
      deposit_minor bigint,
      bonus_minor bigint NOT NULL DEFAULT 0,
      required_minor bigint NOT NULL DEFAULT 0,
      wagered_minor bigint NOT NULL DEFAULT 0,
      counted_through bigint NOT NULL DEFAULT 0,
      max_bet_minor bigint,
      weights jsonb NOT NULL DEFAULT '{}',
      max_conversion_minor bigint,
      expires_at timestamptz,
      converted_minor bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX promotion_claims_one_open ON promotion_claims (member_id) WHERE state IN ('joined', 'issued')`.execute(
    db,
  );
  await sql`CREATE INDEX promotion_claims_by_promotion ON promotion_claims (promotion_id, member_id)`.execute(db);
  await sql`CREATE INDEX promotion_claims_by_member ON promotion_claims (member_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE promotion_claim_events (
      id bigserial PRIMARY KEY,
      claim_id bigint NOT NULL REFERENCES promotion_claims(id),
      from_state text,
      to_state text NOT NULL,
      actor text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX promotion_claim_events_by_claim ON promotion_claim_events (claim_id, id)`.execute(db);
  await sql`
    CREATE TRIGGER promotion_claims_changed AFTER INSERT OR UPDATE OF state ON promotion_claims
    FOR EACH ROW EXECUTE FUNCTION notify_member_changed()`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'promotions.manage')
    WHERE name = 'owner' AND NOT ('promotions.manage' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'promotions.manage')`.execute(db);
  await sql`DROP TABLE promotion_claim_events`.execute(db);
  await sql`DROP TABLE promotion_claims`.execute(db);
  await sql`DROP TABLE promotions`.execute(db);
}
