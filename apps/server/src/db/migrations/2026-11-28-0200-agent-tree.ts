import { type Kysely, sql } from 'kysely';

/**
 * The downline tree as a closure table (docs/decisions.md, "Agents"): one row per (ancestor, descendant) pair,
 * the member itself at depth 0, so "everyone under X" and "the chain above Y" are one index range each. Triggers
 * on `members` keep it: a new member joins under their upline in the insert's transaction, whichever path created
 * them; a changed upline moves the member's whole subtree, and the links it ends go to `agent_tree_history` with
 * their period, so a past period's team is still known. Moves take the merchant's tree lock exclusively, inserts
 * share it, so a member never joins under a chain that a move is rewriting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_tree (
      ancestor_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      descendant_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      depth integer NOT NULL CHECK (depth >= 0),
      since timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (ancestor_id, descendant_id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX agent_tree_up ON agent_tree (descendant_id, depth)`.execute(db);
  await sql`
    CREATE TABLE agent_tree_history (
      ancestor_id bigint NOT NULL,
      descendant_id bigint NOT NULL,
      depth integer NOT NULL,
      since timestamptz NOT NULL,
      until timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX agent_tree_history_down ON agent_tree_history (ancestor_id, until)`.execute(db);
  await sql`CREATE INDEX agent_tree_history_up ON agent_tree_history (descendant_id, until)`.execute(db);
  await sql`
    CREATE TABLE agent_moves (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint NOT NULL,
      from_parent_id bigint,
      to_parent_id bigint,
      moved_members integer NOT NULL,
      reason text NOT NULL,
      actor text NOT NULL,
      moved_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX agent_moves_by_merchant ON agent_moves (merchant_code, id DESC)`.execute(db);
  await sql`CREATE INDEX agent_moves_by_member ON agent_moves (member_id, id DESC)`.execute(db);

  await sql`
    CREATE FUNCTION agent_tree_join() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(hashtext('agent_tree'), hashtext(NEW.merchant_code));
      INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
      SELECT NEW.id, NEW.id, 0
      UNION ALL
      SELECT ancestor_id, NEW.id, depth + 1 FROM agent_tree WHERE descendant_id = NEW.parent_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER agent_tree_join AFTER INSERT ON members
    FOR EACH ROW EXECUTE FUNCTION agent_tree_join()`.execute(db);
  await sql`
    CREATE FUNCTION agent_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('agent_tree'), hashtext(NEW.merchant_code));
      IF NEW.parent_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM agent_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.parent_id
      ) THEN
        RAISE EXCEPTION 'member % cannot move under its own downline %', NEW.id, NEW.parent_id USING ERRCODE = '23514';
      END IF;
      WITH ended AS (
        DELETE FROM agent_tree t
        USING agent_tree sub, agent_tree sup
        WHERE sub.ancestor_id = NEW.id AND sup.descendant_id = NEW.id AND sup.depth > 0
          AND t.ancestor_id = sup.ancestor_id AND t.descendant_id = sub.descendant_id
        RETURNING t.ancestor_id, t.descendant_id, t.depth, t.since
      )
      INSERT INTO agent_tree_history (ancestor_id, descendant_id, depth, since, until)
      SELECT ancestor_id, descendant_id, depth, since, now() FROM ended;
      INSERT INTO agent_tree (ancestor_id, descendant_id, depth)
      SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
      FROM agent_tree sup CROSS JOIN agent_tree sub
      WHERE sup.descendant_id = NEW.parent_id AND sub.ancestor_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER agent_tree_move AFTER UPDATE OF parent_id ON members
    FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION agent_tree_move()`.execute(db);

  // Today's uplines, each link dated from when the member joined.
  await sql`
    INSERT INTO agent_tree (ancestor_id, descendant_id, depth, since)
    WITH RECURSIVE up AS (
      SELECT id AS descendant_id, id AS ancestor_id, 0 AS depth, created_at AS since FROM members
      UNION ALL
      SELECT up.descendant_id, m.parent_id, up.depth + 1, up.since
      FROM up JOIN members m ON m.id = up.ancestor_id
      WHERE m.parent_id IS NOT NULL
    )
    SELECT ancestor_id, descendant_id, depth, since FROM up`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'agents.manage')
    WHERE name = 'owner' AND NOT ('agents.manage' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'agents.manage')`.execute(db);
  await sql`DROP TRIGGER agent_tree_move ON members`.execute(db);
  await sql`DROP TRIGGER agent_tree_join ON members`.execute(db);
  await sql`DROP FUNCTION agent_tree_move()`.execute(db);
  await sql`DROP FUNCTION agent_tree_join()`.execute(db);
  await sql`DROP TABLE agent_moves`.execute(db);
  await sql`DROP TABLE agent_tree_history`.execute(db);
  await sql`DROP TABLE agent_tree`.execute(db);
}
