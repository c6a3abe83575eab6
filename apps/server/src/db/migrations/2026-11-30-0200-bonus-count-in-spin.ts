import { type Kysely, sql } from 'kysely';

/**
 * A bonus stake's wagering counted by the spin's own statement: `house_spin_counting` plays the round as `house_spin`
 * does and, when it is done, counts the running bonus's new bets (`promotion_count_in_place`) in the same
 * transaction, so a bet with a bonus costs one round trip more than a cash bet (the stake's choice), not two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The claim's bets since `counted_through` added in place, weighted as `wagering.weightedBet` does. A claim another
  // transaction holds (a locked count, a conversion, a forfeit) is skipped, never waited for: the answer is empty
  // and the caller counts under the claim's lock after its round has committed. The member's accounts are joined
  // first and each one's new bets read through the (debit account, id) index from `counted_through` on, so a count
  // reads the bets since the last one, not the member's history: the ordered subquery keeps the plan PostgreSQL
  // caches from flattening it and filtering the id after reading every bet of the account (as it does with a plain
  // join, or with `debit_account_id IN (subquery)`).
  await sql`
    CREATE FUNCTION promotion_count_in_place(p_claim_id bigint)
    RETURNS TABLE (counted_wagered bigint, counted_required bigint)
    LANGUAGE plpgsql AS $fn$
    BEGIN
      RETURN QUERY
      WITH c AS (
        SELECT pc.merchant_code, pc.member_id, pc.counted_through, pc.weights, pc.max_bet_minor
        FROM promotion_claims pc WHERE pc.id = p_claim_id AND pc.state = 'issued'
        FOR UPDATE SKIP LOCKED
      ), n AS (
        SELECT c.counted_through AS from_through,
               coalesce(max(t.id), c.counted_through) AS through,
               coalesce(sum(
                 CASE WHEN c.max_bet_minor IS NOT NULL AND t.amount > c.max_bet_minor THEN 0
                      ELSE t.amount * coalesce((c.weights ->> (t.memo ->> 'gameCategory'))::int8, 0) / 100
                 END), 0)::int8 AS weighted
        FROM c
        JOIN ledger_accounts a
          ON a.merchant_code = c.merchant_code AND a.owner_id = c.member_id AND a.kind IN ('member_main', 'member_bonus')
        LEFT JOIN LATERAL (
          SELECT t.id, t.amount, t.memo FROM ledger_transfers t
          WHERE t.debit_account_id = a.id AND t.id > c.counted_through AND t.kind = 'bet' AND t.state = 'posted'
          ORDER BY t.id
        ) t ON true
        GROUP BY c.counted_through
      )
      UPDATE promotion_claims p
      SET wagered_minor = p.wagered_minor + n.weighted, counted_through = n.through, updated_at = now()
      FROM n
      WHERE p.id = p_claim_id AND p.state = 'issued' AND p.counted_through = n.from_through
      RETURNING p.wagered_minor, p.required_minor;
    END
    $fn$`.execute(db);

  // house_spin's answer, and the count after a round that is done (null when it was not, or the claim was skipped).
  await sql`
    CREATE FUNCTION house_spin_counting(
      p_merchant text, p_member_id bigint,
      p_site_session bytea, p_session_issued_at timestamptz, p_session_now timestamptz, p_session_oldest timestamptz,
      p_seed_id bigint, p_nonce bigint, p_client_seed text,
      p_game_code text, p_engine_game text, p_bet bigint, p_win bigint, p_play_money boolean, p_client_round_id text,
      p_outcome jsonb, p_bet_transfer jsonb, p_win_transfer jsonb, p_claim_id bigint)
    RETURNS TABLE (
      outcome text, round_id bigint, round_created_at timestamptz,
      seed_now_id bigint, seed_now_server_seed text, seed_now_commitment text, seed_now_client_seed text,
      seed_now_nonce bigint,
      bet_outcome text, bet_transfer_id bigint, bet_state text, bet_created_at timestamptz,
      bet_debit_id bigint, bet_credit_id bigint, bet_debit_available bigint, bet_credit_available bigint,
      win_outcome text, win_transfer_id bigint, win_state text, win_created_at timestamptz,
      win_debit_id bigint, win_credit_id bigint, win_debit_available bigint, win_credit_available bigint,
      counted_wagered bigint, counted_required bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      s record;
      v_wagered bigint;
      v_required bigint;
    BEGIN
      SELECT * INTO s FROM house_spin(p_merchant, p_member_id, p_site_session, p_session_issued_at, p_session_now,
        p_session_oldest, p_seed_id, p_nonce, p_client_seed, p_game_code, p_engine_game, p_bet, p_win, p_play_money,
        p_client_round_id, p_outcome, p_bet_transfer, p_win_transfer);
      IF s.outcome = 'done' THEN
        SELECT c.counted_wagered, c.counted_required INTO v_wagered, v_required FROM promotion_count_in_place(p_claim_id) c;
      END IF;
      RETURN QUERY SELECT s.outcome, s.round_id, s.round_created_at,
        s.seed_now_id, s.seed_now_server_seed, s.seed_now_commitment, s.seed_now_client_seed, s.seed_now_nonce,
        s.bet_outcome, s.bet_transfer_id, s.bet_state, s.bet_created_at,
        s.bet_debit_id, s.bet_credit_id, s.bet_debit_available, s.bet_credit_available,
        s.win_outcome, s.win_transfer_id, s.win_state, s.win_created_at,
        s.win_debit_id, s.win_credit_id, s.win_debit_available, s.win_credit_available,
        v_wagered, v_required;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION house_spin_counting(text, bigint, bytea, timestamptz, timestamptz, timestamptz, bigint, bigint, text,
                                      text, text, bigint, bigint, boolean, text, jsonb, jsonb, jsonb, bigint)`.execute(db);
  await sql`DROP FUNCTION promotion_count_in_place(bigint)`.execute(db);
}
