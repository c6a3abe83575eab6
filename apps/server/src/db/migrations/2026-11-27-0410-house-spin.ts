import { type Kysely, sql } from 'kysely';

/**
 * A slot spin's writes as one statement: advance the seed's nonce, debit the bet, credit the win, store the round.
 * The outcome is computed by the server beforehand from the seed it read; the nonce only advances if the seed is
 * still the one read (active, same client seed, same nonce), otherwise the answer is 'stale' and the server reads
 * again. A refused bet undoes the nonce (the row is still locked by this statement), so nothing of it remains.
 * The transfers go through the ledger's own function (`ledger_move_prepared`, arguments built by `Ledger`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION house_spin(
      p_seed_id bigint, p_nonce bigint, p_client_seed text,
      p_round_id bigint, p_merchant text, p_member_id bigint, p_game_code text, p_engine_game text,
      p_bet bigint, p_win bigint, p_play_money boolean, p_client_round_id text, p_outcome jsonb,
      p_bet_transfer jsonb, p_win_transfer jsonb)
    RETURNS TABLE (
      outcome text, round_created_at timestamptz,
      bet_outcome text, bet_transfer_id bigint, bet_state text, bet_created_at timestamptz,
      bet_debit_id bigint, bet_credit_id bigint, bet_debit_available bigint, bet_credit_available bigint,
      win_outcome text, win_transfer_id bigint, win_state text, win_created_at timestamptz,
      win_debit_id bigint, win_credit_id bigint, win_debit_available bigint, win_credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      b record;
      w record;
    BEGIN
      UPDATE house_seeds SET next_nonce = next_nonce + 1
       WHERE id = p_seed_id AND active AND next_nonce = p_nonce AND client_seed = p_client_seed;
      IF NOT FOUND THEN
        outcome := 'stale';
        RETURN NEXT;
        RETURN;
      END IF;
      SELECT * INTO b FROM ledger_move_prepared(p_bet_transfer);
      SELECT b.outcome, b.transfer_id, b.transfer_state, b.transfer_created_at, b.debit_id, b.credit_id,
             b.debit_available, b.credit_available
        INTO bet_outcome, bet_transfer_id, bet_state, bet_created_at, bet_debit_id, bet_credit_id,
             bet_debit_available, bet_credit_available;
      IF b.outcome <> 'done' THEN
        UPDATE house_seeds SET next_nonce = next_nonce - 1 WHERE id = p_seed_id;
        outcome := 'refused';
        RETURN NEXT;
        RETURN;
      END IF;
      IF p_win_transfer IS NOT NULL THEN
        SELECT * INTO w FROM ledger_move_prepared(p_win_transfer);
        -- The house side may go negative and the key is new: a win is never refused.
        IF w.outcome <> 'done' THEN RAISE EXCEPTION 'house_spin: win answered %', w.outcome; END IF;
        SELECT w.outcome, w.transfer_id, w.transfer_state, w.transfer_created_at, w.debit_id, w.credit_id,
               w.debit_available, w.credit_available
          INTO win_outcome, win_transfer_id, win_state, win_created_at, win_debit_id, win_credit_id,
               win_debit_available, win_credit_available;
      END IF;
      INSERT INTO house_rounds (id, merchant_code, member_id, game_code, engine_game, seed_id, client_seed, nonce, bet,
                                win, play_money, client_round_id, outcome, bet_transfer_id, win_transfer_id)
      VALUES (p_round_id, p_merchant, p_member_id, p_game_code, p_engine_game, p_seed_id, p_client_seed, p_nonce, p_bet,
              p_win, p_play_money, p_client_round_id, p_outcome, b.transfer_id, win_transfer_id)
      RETURNING created_at INTO round_created_at;
      outcome := 'done';
      RETURN NEXT;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION house_spin(bigint, bigint, text, bigint, text, bigint, text, text, bigint, bigint, boolean, text, jsonb,
                             jsonb, jsonb)`.execute(db);
}
