import { type Kysely, sql } from 'kysely';
import { createPairedSpin } from './2026-11-28-1000-ledger-move-pair.js';
import * as bonusCountInSpin from './2026-11-30-0200-bonus-count-in-spin.js';

const SPIN_PARAMETERS = sql.raw(`text, bigint, bytea, timestamptz, timestamptz, timestamptz, bigint, bigint, text,
  text, text, bigint, bigint, boolean, text, jsonb, jsonb, jsonb`);

/**
 * A bet with a running bonus in one round trip, as a cash bet: `house_spin` takes both ways to pay the bet (the
 * main wallet's pair of transfers and the bonus balance's) and the running bonus's claim, chooses the stake under the
 * seed's lock from the balances it reads (cash when it covers the bet, else the bonus when it does and the claim still
 * runs: docs/decisions.md "Promotions"), plays the round, and counts the claim's new bets in the same transaction.
 * Without a claim it is the spin as before. Replaces `house_spin_counting` and `promotion_count_in_place`, whose two
 * nested calls cost more than the count itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION house_spin_counting(${SPIN_PARAMETERS}, bigint)`.execute(db);
  await sql`DROP FUNCTION promotion_count_in_place(bigint)`.execute(db);
  await sql`DROP FUNCTION house_spin(${SPIN_PARAMETERS})`.execute(db);
  await sql`
    CREATE FUNCTION house_spin(
      p_merchant text, p_member_id bigint,
      p_site_session bytea, p_session_issued_at timestamptz, p_session_now timestamptz, p_session_oldest timestamptz,
      p_seed_id bigint, p_nonce bigint, p_client_seed text,
      p_game_code text, p_engine_game text, p_bet bigint, p_win bigint, p_play_money boolean, p_client_round_id text,
      p_outcome jsonb, p_bet_transfer jsonb, p_win_transfer jsonb,
      p_claim_id bigint, p_bonus_bet_transfer jsonb, p_bonus_win_transfer jsonb)
    RETURNS TABLE (
      outcome text, round_id bigint, round_created_at timestamptz,
      seed_now_id bigint, seed_now_server_seed text, seed_now_commitment text, seed_now_client_seed text,
      seed_now_nonce bigint,
      bet_outcome text, bet_transfer_id bigint, bet_state text, bet_created_at timestamptz,
      bet_debit_id bigint, bet_credit_id bigint, bet_debit_available bigint, bet_credit_available bigint,
      win_outcome text, win_transfer_id bigint, win_state text, win_created_at timestamptz,
      win_debit_id bigint, win_credit_id bigint, win_debit_available bigint, win_credit_available bigint,
      from_bonus boolean, beside_available bigint, counted_wagered bigint, counted_required bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      answer record;
      b record;
      w record;
      answers int := 0;
      main_id bigint;
      cash bigint;
      bonus_id bigint;
      bonus bigint;
      claim record;
      counted_to bigint;
      weighted bigint;
      bet_transfer jsonb := p_bet_transfer;
      win_transfer jsonb := p_win_transfer;
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

      -- Cash first, then the bonus, never split. The balances are read unlocked: a change meanwhile makes the chosen
      -- side's guarded update refuse the bet (insufficient funds), as a bet racing a withdrawal does.
      from_bonus := false;
      IF p_claim_id IS NOT NULL THEN
        SELECT a.id, a.balance - a.held INTO main_id, cash FROM ledger_accounts a
         WHERE a.merchant_code = p_merchant AND a.kind = 'member_main' AND a.owner_id = p_member_id;
        SELECT a.id, a.balance - a.held INTO bonus_id, bonus FROM ledger_accounts a
         WHERE a.merchant_code = p_merchant AND a.kind = 'member_bonus' AND a.owner_id = p_member_id;
        IF p_bonus_bet_transfer IS NULL THEN
          bonus := 0;
        ELSE
          from_bonus := coalesce(cash, 0) < p_bet AND coalesce(bonus, 0) >= p_bet
            AND EXISTS (SELECT 1 FROM promotion_claims c WHERE c.id = p_claim_id AND c.state = 'issued');
        END IF;
        beside_available := coalesce(CASE WHEN from_bonus THEN cash ELSE bonus END, 0);
        IF from_bonus THEN
          bet_transfer := p_bonus_bet_transfer;
          win_transfer := p_bonus_win_transfer;
        END IF;
      END IF;

      round_id := nextval('house_rounds_id_seq');
      IF win_transfer IS NULL THEN
        SELECT * INTO b FROM ledger_move_prepared(house_round_transfer(bet_transfer, round_id, 'bet'));
      ELSE
        FOR answer IN SELECT * FROM ledger_move_pair(house_round_transfer(bet_transfer, round_id, 'bet'),
                                                     house_round_transfer(win_transfer, round_id, 'win')) LOOP
          IF answers = 0 THEN b := answer; ELSE w := answer; END IF;
          answers := answers + 1;
        END LOOP;
      END IF;
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
      IF win_transfer IS NOT NULL THEN
        -- The house side may go negative and the key is new: a win is never refused.
        IF answers < 2 THEN RAISE EXCEPTION 'house_spin: no answer for the win'; END IF;
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

      -- The claim's bets since \`counted_through\` (this round's and any made elsewhere, from cash or bonus) added in
      -- place, weighted as \`wagering.weightedBet\` does, read through the (debit account, id) index from
      -- \`counted_through\` on. A claim another transaction holds (a count under its lock, a conversion, a forfeit) is
      -- skipped, never waited for: the count is left null and the caller counts under the claim's lock after the
      -- round has committed.
      IF p_claim_id IS NOT NULL THEN
        SELECT pc.counted_through, pc.weights, pc.max_bet_minor INTO claim
          FROM promotion_claims pc WHERE pc.id = p_claim_id AND pc.state = 'issued'
           FOR UPDATE SKIP LOCKED;
        IF FOUND THEN
          SELECT coalesce(max(t.id), claim.counted_through),
                 coalesce(sum(
                   CASE WHEN claim.max_bet_minor IS NOT NULL AND t.amount > claim.max_bet_minor THEN 0
                        ELSE t.amount * coalesce((claim.weights ->> (t.memo ->> 'gameCategory'))::int8, 0) / 100
                   END), 0)::int8
            INTO counted_to, weighted
            FROM ledger_transfers t
           WHERE t.debit_account_id = ANY (ARRAY[main_id, bonus_id]) AND t.id > claim.counted_through
             AND t.kind = 'bet' AND t.state = 'posted';
          UPDATE promotion_claims p
             SET wagered_minor = p.wagered_minor + weighted, counted_through = counted_to, updated_at = now()
           WHERE p.id = p_claim_id
          RETURNING p.wagered_minor, p.required_minor INTO counted_wagered, counted_required;
        END IF;
      END IF;
      outcome := 'done';
      RETURN NEXT;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION house_spin(${SPIN_PARAMETERS}, bigint, jsonb, jsonb)`.execute(db);
  await createPairedSpin(db);
  await bonusCountInSpin.up(db);
}
