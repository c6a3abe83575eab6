import { type Kysely, sql } from 'kysely';
import * as oneRoundTripSpin from './2026-11-28-0300-house-spin-one-round-trip.js';

/**
 * A stake and its win between the same two accounts as one pair (`ledger_move_pair`): the first transfer's debit
 * (a member's wallet) updated once by the net amount, guarded by the stake alone (available ≥ stake before, as the
 * bet alone would be), the other side (a house shard) once, both transfer rows in one INSERT with the balances each
 * would have recorded one after the other, one NOTIFY (PostgreSQL delivers identical payloads of a transaction once,
 * so two transfers sent the same). Any other shape, a refusal or a taken idempotency key goes through two
 * `ledger_move` calls, which answer exactly as before (ledger.equivalence.test.ts plays both). `house_spin` pays
 * its bet and win with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Two transfers one after the other, the second only when the first was not refused: the pair's answer whenever
  // it cannot be one pair of updates.
  await sql`
    CREATE FUNCTION ledger_move_apart(p_first jsonb, p_second jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      r record;
    BEGIN
      SELECT * INTO r FROM ledger_move_prepared(p_first);
      RETURN QUERY SELECT r.outcome, r.transfer_id, r.transfer_state, r.transfer_created_at, r.debit_id, r.credit_id,
                          r.debit_available, r.credit_available;
      IF r.outcome IN ('done', 'replayed') THEN
        RETURN QUERY SELECT * FROM ledger_move_prepared(p_second);
      END IF;
    END
    $fn$`.execute(db);

  // Rows: the first transfer's answer, then the second's (absent when the first was refused).
  await sql`
    CREATE FUNCTION ledger_move_pair(p_first jsonb, p_second jsonb)
    RETURNS TABLE (outcome text, transfer_id bigint, transfer_state text, transfer_created_at timestamptz,
                   debit_id bigint, credit_id bigint, debit_available bigint, credit_available bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      merchant text := p_first->>'merchant';
      stake bigint := (p_first->>'amount')::bigint;
      win bigint := (p_second->>'amount')::bigint;
      guarded boolean := starts_with(p_first->>'debitKind', 'member_');
      -- a: the first's debit and the second's credit (the wallet); b: the other side (the house shard).
      a_id bigint;
      b_id bigint;
      a_after bigint;
      a_available bigint;
      b_after bigint;
      b_available bigint;
      first_id bigint;
      second_id bigint;
      created timestamptz;
      inserted int;
    BEGIN
      IF p_first->>'operation' <> 'transfer' OR p_second->>'operation' <> 'transfer'
         OR p_second->>'merchant' <> merchant
         OR starts_with(p_second->>'debitKind', 'member_')
         OR p_first->>'idempotencyKey' = p_second->>'idempotencyKey'
         OR (p_first->>'debitKind', p_first->>'debitOwner', p_first->>'debitRef', p_first->>'debitShard',
             p_first->>'creditKind', p_first->>'creditOwner', p_first->>'creditRef', p_first->>'creditShard')
            IS DISTINCT FROM
            (p_second->>'creditKind', p_second->>'creditOwner', p_second->>'creditRef', p_second->>'creditShard',
             p_second->>'debitKind', p_second->>'debitOwner', p_second->>'debitRef', p_second->>'debitShard') THEN
        RETURN QUERY SELECT * FROM ledger_move_apart(p_first, p_second);
        RETURN;
      END IF;

      a_id := coalesce((p_first->>'debitId')::bigint, (p_second->>'creditId')::bigint,
                       ledger_account_id(merchant, p_first->>'debitKind', (p_first->>'debitOwner')::bigint,
                                         p_first->>'debitRef', (p_first->>'debitShard')::smallint));
      b_id := coalesce((p_first->>'creditId')::bigint, (p_second->>'debitId')::bigint,
                       ledger_account_id(merchant, p_first->>'creditKind', (p_first->>'creditOwner')::bigint,
                                         p_first->>'creditRef', (p_first->>'creditShard')::smallint));

      -- Rows updated in ascending id order, as every ledger operation does.
      IF b_id < a_id THEN
        UPDATE ledger_accounts SET balance = balance + stake - win WHERE id = b_id
        RETURNING balance, balance - held INTO b_after, b_available;
      END IF;
      UPDATE ledger_accounts SET balance = balance - stake + win
       WHERE id = a_id AND (NOT guarded OR balance - held - stake >= 0)
      RETURNING balance, balance - held INTO a_after, a_available;
      IF a_after IS NULL THEN
        -- Refused: undo the other side (its row is still ours) and let the two transfers answer.
        IF b_after IS NOT NULL THEN UPDATE ledger_accounts SET balance = balance - stake + win WHERE id = b_id; END IF;
        RETURN QUERY SELECT * FROM ledger_move_apart(p_first, p_second);
        RETURN;
      END IF;
      IF b_after IS NULL THEN
        UPDATE ledger_accounts SET balance = balance + stake - win WHERE id = b_id
        RETURNING balance, balance - held INTO b_after, b_available;
      END IF;

      -- Each row records the balances after itself: the first's are the final ones before the second moved them.
      WITH written AS (
        INSERT INTO ledger_transfers (merchant_code, idempotency_key, request_hash, debit_account_id, credit_account_id,
                                      amount, kind, state, cause_type, cause_id, memo,
                                      debit_balance_after, credit_balance_after, settled_at)
        VALUES (merchant, p_first->>'idempotencyKey', p_first->>'requestHash', a_id, b_id, stake, p_first->>'kind',
                'posted', p_first->>'causeType', p_first->>'causeId', p_first->'memo', a_after - win, b_after + win, now()),
               (merchant, p_second->>'idempotencyKey', p_second->>'requestHash', b_id, a_id, win, p_second->>'kind',
                'posted', p_second->>'causeType', p_second->>'causeId', p_second->'memo', b_after, a_after, now())
        ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
        RETURNING id, debit_account_id, created_at)
      SELECT count(*)::int, min(id) FILTER (WHERE debit_account_id = a_id), min(id) FILTER (WHERE debit_account_id = b_id),
             min(created_at)
        INTO inserted, first_id, second_id, created
        FROM written;

      IF inserted < 2 THEN
        -- A key is taken (a replay, a conflicting request, a concurrent first attempt that committed meanwhile): undo
        -- this attempt whole and let the two transfers answer, each with its own key's transfer.
        UPDATE ledger_accounts SET balance = balance - stake + win WHERE id = b_id;
        UPDATE ledger_accounts SET balance = balance + stake - win WHERE id = a_id;
        DELETE FROM ledger_transfers WHERE id = first_id OR id = second_id;
        RETURN QUERY SELECT * FROM ledger_move_apart(p_first, p_second);
        RETURN;
      END IF;

      IF starts_with(p_first->>'debitKind', 'member_') THEN
        PERFORM pg_notify('ledger', jsonb_build_object('merchant', merchant, 'memberId', p_first->>'debitOwner')::text);
      END IF;
      RETURN QUERY VALUES ('done', first_id, 'posted', created, a_id, b_id, a_available - win, b_available + win),
                          ('done', second_id, 'posted', created, b_id, a_id, b_available, a_available);
    END
    $fn$`.execute(db);

  await createPairedSpin(db);
}

/** The spin as before (migration 2026-11-28-0300), its bet and win paid as one pair. */
export async function createPairedSpin(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION house_spin(
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
      answer record;
      b record;
      w record;
      answers int := 0;
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
      IF p_win_transfer IS NULL THEN
        SELECT * INTO b FROM ledger_move_prepared(house_round_transfer(p_bet_transfer, round_id, 'bet'));
      ELSE
        FOR answer IN SELECT * FROM ledger_move_pair(house_round_transfer(p_bet_transfer, round_id, 'bet'),
                                                     house_round_transfer(p_win_transfer, round_id, 'win')) LOOP
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
      IF p_win_transfer IS NOT NULL THEN
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
      outcome := 'done';
      RETURN NEXT;
    END
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_move_pair(jsonb, jsonb)`.execute(db);
  await sql`DROP FUNCTION ledger_move_apart(jsonb, jsonb)`.execute(db);
  // The spin of migration 2026-11-28-0300 again: its own down and up rebuild it from the one before.
  await oneRoundTripSpin.down(db);
  await oneRoundTripSpin.up(db);
}
