import { type Kysely, sql } from 'kysely';
import { up as createTwoRoundTripSpin } from './2026-11-27-0410-house-spin.js';

/**
 * A slot spin in one round trip. The server keeps each member's seed in process and computes the outcome from that
 * copy; `house_spin` then does everything else in one statement: the site session's liveness (a game session moves
 * money, so its end must hold at once on every instance), the seed check and nonce advance, the retry check of the
 * client round id, the round id, the bet and the win, the round. A stale copy answers 'stale' together with the
 * member's current seed, so the next attempt needs no read of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Whether a credential a site session handed out at p_issued_at still stands, judged at p_now (the server's
  // clock, as the session's expiry was written by it): `LiveSessions.isLive` and the spin ask the same question.
  await sql`
    CREATE FUNCTION site_session_live(p_token_hash bytea, p_issued_at timestamptz, p_now timestamptz, p_oldest timestamptz)
    RETURNS boolean LANGUAGE sql STABLE AS $fn$
      SELECT EXISTS (
        SELECT 1 FROM sessions
         WHERE token_hash = p_token_hash AND ended_at IS NULL AND expires_at > p_now AND created_at > p_oldest
           AND (derived_ended_at IS NULL OR derived_ended_at < p_issued_at))
    $fn$`.execute(db);

  // A round's transfer as `Ledger.prepareTransfer` built it, completed with what names the round: its id is only
  // taken inside the statement.
  await sql`
    CREATE FUNCTION house_round_transfer(p jsonb, p_round bigint, p_kind text)
    RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
      SELECT p || jsonb_build_object(
        'idempotencyKey', 'house-round:' || p_round || ':' || p_kind,
        'causeId', p_round::text,
        'memo', coalesce(p->'memo', '{}'::jsonb) || jsonb_build_object('roundId', p_round::text))
    $fn$`.execute(db);

  await sql`
    DROP FUNCTION house_spin(bigint, bigint, text, bigint, text, bigint, text, text, bigint, bigint, boolean, text, jsonb,
                             jsonb, jsonb)`.execute(db);

  // outcome: 'done' | 'ended' (the site session is not live) | 'stale' (the seed moved; seed_now_* is the member's
  // active seed, null when there is none) | 'played' (the client round id has a round) | 'refused' (the bet).
  // Nothing of an answer other than 'done' remains: the nonce is put back while its row is still locked.
  await sql`
    CREATE FUNCTION house_spin(
      p_merchant text, p_member_id bigint,
      p_site_session bytea, p_session_issued_at timestamptz, p_session_now timestamptz, p_session_oldest timestamptz,
      p_seed_id bigint, p_nonce bigint, p_client_seed text,
      p_game_code text, p_engine_game text, p_bet bigint, p_win bigint, p_play_money boolean, p_client_round_id text,
      p_outcome jsonb, p_bet_transfer jsonb, p_win_transfer jsonb)
    RETURNS TABLE (
      outcome text, round_id bigint, round_created_at timestamptz,
      seed_now_id bigint, seed_now_server_seed text, seed_now_commitment text, seed_now_client_seed text,
      seed_now_nonce bigint,
      bet_outcome text, bet_transfer_id bigint, bet_state text, bet_created_at timestamptz,
      bet_debit_id bigint, bet_credit_id bigint, bet_debit_available bigint, bet_credit_available bigint,
      win_outcome text, win_transfer_id bigint, win_state text, win_created_at timestamptz,
      win_debit_id bigint, win_credit_id bigint, win_debit_available bigint, win_credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      b record;
      w record;
    BEGIN
      IF p_site_session IS NOT NULL
         AND NOT site_session_live(p_site_session, p_session_issued_at, p_session_now, p_session_oldest) THEN
        outcome := 'ended';
        RETURN NEXT;
        RETURN;
      END IF;

      UPDATE house_seeds SET next_nonce = next_nonce + 1
       WHERE id = p_seed_id AND member_id = p_member_id AND merchant_code = p_merchant AND active
         AND next_nonce = p_nonce AND client_seed = p_client_seed;
      IF NOT FOUND THEN
        SELECT s.id, s.server_seed, s.commitment, s.client_seed, s.next_nonce
          INTO seed_now_id, seed_now_server_seed, seed_now_commitment, seed_now_client_seed, seed_now_nonce
          FROM house_seeds s
         WHERE s.member_id = p_member_id AND s.merchant_code = p_merchant AND s.active;
        outcome := 'stale';
        RETURN NEXT;
        RETURN;
      END IF;

      -- Under the seed's lock: a retry racing its original waits for it, then finds its round.
      IF EXISTS (SELECT 1 FROM house_rounds r WHERE r.member_id = p_member_id AND r.client_round_id = p_client_round_id) THEN
        UPDATE house_seeds SET next_nonce = next_nonce - 1 WHERE id = p_seed_id;
        outcome := 'played';
        RETURN NEXT;
        RETURN;
      END IF;

      round_id := nextval('house_rounds_id_seq');
      SELECT * INTO b FROM ledger_move_prepared(house_round_transfer(p_bet_transfer, round_id, 'bet'));
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
        SELECT * INTO w FROM ledger_move_prepared(house_round_transfer(p_win_transfer, round_id, 'win'));
        -- The house side may go negative and the key is new: a win is never refused.
        IF w.outcome <> 'done' THEN RAISE EXCEPTION 'house_spin: win answered %', w.outcome; END IF;
        SELECT w.outcome, w.transfer_id, w.transfer_state, w.transfer_created_at, w.debit_id, w.credit_id,
               w.debit_available, w.credit_available
          INTO win_outcome, win_transfer_id, win_state, win_created_at, win_debit_id, win_credit_id,
               win_debit_available, win_credit_available;
      END IF;
      INSERT INTO house_rounds (id, merchant_code, member_id, game_code, engine_game, seed_id, client_seed, nonce, bet,
                                win, play_money, client_round_id, outcome, bet_transfer_id, win_transfer_id)
      VALUES (round_id, p_merchant, p_member_id, p_game_code, p_engine_game, p_seed_id, p_client_seed, p_nonce, p_bet,
              p_win, p_play_money, p_client_round_id, p_outcome, b.transfer_id, win_transfer_id)
      RETURNING created_at INTO round_created_at;
      outcome := 'done';
      RETURN NEXT;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION house_spin(text, bigint, bytea, timestamptz, timestamptz, timestamptz, bigint, bigint, text, text, text,
                             bigint, bigint, boolean, text, jsonb, jsonb, jsonb)`.execute(db);
  await sql`DROP FUNCTION house_round_transfer(jsonb, bigint, text)`.execute(db);
  await sql`DROP FUNCTION site_session_live(bytea, timestamptz, timestamptz, timestamptz)`.execute(db);
  await createTwoRoundTripSpin(db);
}
