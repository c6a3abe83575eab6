import { type Kysely, sql } from 'kysely';

/**
 * Who a promotion is for (modules/promotions): besides everyone and new members, the members at chosen VIP levels,
 * an agent's whole downline, or a list of named accounts. The levels and the agent live on the promotion; a list of
 * accounts is its own table, one row per member, so checking one member is one indexed lookup whatever the list's size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_audience_check`.execute(db);
  await sql`
    ALTER TABLE promotions ADD CONSTRAINT promotions_audience_check
      CHECK (audience IN ('all', 'new', 'vip', 'downline', 'members'))`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN audience_vip_levels jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN audience_agent_id bigint REFERENCES members(id)`.execute(db);
  await sql`
    ALTER TABLE promotions ADD CONSTRAINT promotions_audience_agent
      CHECK ((audience = 'downline') = (audience_agent_id IS NOT NULL))`.execute(db);
  await sql`
    CREATE TABLE promotion_audience_members (
      promotion_id bigint NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
      member_id bigint NOT NULL REFERENCES members(id),
      PRIMARY KEY (promotion_id, member_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE promotion_audience_members`.execute(db);
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_audience_agent`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN audience_agent_id`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN audience_vip_levels`.execute(db);
  await sql`UPDATE promotions SET audience = 'all' WHERE audience NOT IN ('all', 'new')`.execute(db);
  await sql`ALTER TABLE promotions DROP CONSTRAINT promotions_audience_check`.execute(db);
  await sql`ALTER TABLE promotions ADD CONSTRAINT promotions_audience_check CHECK (audience IN ('all', 'new'))`.execute(db);
}
