import { type Kysely, sql } from 'kysely';

/**
 * Less written per spin, same rules:
 * - `house_rounds_by_time` (merchant, created_at) is read by nothing: the winners board reads its partial indexes,
 *   the betting record and round lookups go by member. Every round paid for it.
 * - A round checks its seed, member and merchant in one key, `(seed_id, member_id, merchant_code)` to the seed, whose
 *   row the spin has just updated (a lock it holds already), instead of a key to the seed and another to the member,
 *   which took a key-share lock on the member's row (a tuple write) in every spin. The seed's own key to its member
 *   checks the merchant too, so a round's member still belongs to its merchant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX house_rounds_by_time`.execute(db);

  await sql`ALTER TABLE house_seeds ADD CONSTRAINT house_seeds_id_owner UNIQUE (id, member_id, merchant_code)`.execute(db);
  await sql`
    ALTER TABLE house_seeds
      DROP CONSTRAINT house_seeds_member_id_fkey,
      DROP CONSTRAINT house_seeds_merchant_code_fkey,
      ADD CONSTRAINT house_seeds_member FOREIGN KEY (member_id, merchant_code) REFERENCES members (id, merchant_code) NOT VALID`.execute(
    db,
  );
  await sql`ALTER TABLE house_seeds VALIDATE CONSTRAINT house_seeds_member`.execute(db);
  await sql`
    ALTER TABLE house_rounds
      DROP CONSTRAINT house_rounds_member,
      DROP CONSTRAINT house_rounds_seed_id_fkey,
      ADD CONSTRAINT house_rounds_seed FOREIGN KEY (seed_id, member_id, merchant_code)
        REFERENCES house_seeds (id, member_id, merchant_code) NOT VALID`.execute(db);
  await sql`ALTER TABLE house_rounds VALIDATE CONSTRAINT house_rounds_seed`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE house_rounds
      DROP CONSTRAINT house_rounds_seed,
      ADD CONSTRAINT house_rounds_seed_id_fkey FOREIGN KEY (seed_id) REFERENCES house_seeds (id),
      ADD CONSTRAINT house_rounds_member FOREIGN KEY (member_id, merchant_code) REFERENCES members (id, merchant_code)`.execute(
    db,
  );
  await sql`
    ALTER TABLE house_seeds
      DROP CONSTRAINT house_seeds_member,
      ADD CONSTRAINT house_seeds_member_id_fkey FOREIGN KEY (member_id) REFERENCES members (id),
      ADD CONSTRAINT house_seeds_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code)`.execute(db);
  await sql`ALTER TABLE house_seeds DROP CONSTRAINT house_seeds_id_owner`.execute(db);
  await sql`CREATE INDEX house_rounds_by_time ON house_rounds (merchant_code, created_at)`.execute(db);
}
