// Set-based fixtures: members with funded main accounts, live sessions and lottery tickets written by a few
// INSERT … SELECT generate_series statements instead of one service call per row, so a million rows take a minute, not hours.
// They write the same rows the services would (members, ledger accounts opened by a posted deposit from a channel
// account created by the ledger's own `ledger_account_id`, request hashes computed as the ledger computes them), so
// the ledger's invariants hold afterwards: callers check them with `ledgerViolations`.
import type { SeaBet } from '@tessera/contract/api/lottery';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.js';
import { gameMemo } from '../../apps/server/src/modules/games/accounts.js';
import { SHARDS } from '../../apps/server/src/modules/ledger/account-key.js';
import { engineOf } from '../../apps/server/src/modules/lottery/engine.js';

const CHUNK = 100_000;
const FIXTURE_CHANNEL = 'bench';

/** The ledger's request hash (`hashRequest` in the ledger service) as SQL: base64url of the SHA-256 of the canonical JSON. */
const requestHashSql = (canonical: ReturnType<typeof sql>) =>
  sql`rtrim(translate(encode(sha256(convert_to(${canonical}, 'UTF8')), 'base64'), '+/', '-_'), '=')`;

/** Members `<prefix><from>` … `<prefix><to - 1>` of `merchant`, each with a main account opened by a posted deposit of `amount`. */
export async function seedFundedMembers(
  db: Kysely<Database>,
  options: { merchant: string; prefix: string; from: number; to: number; amount: bigint },
): Promise<void> {
  const { merchant, prefix, amount } = options;
  for (let start = options.from; start < options.to; start += CHUNK) {
    const end = Math.min(options.to, start + CHUNK);
    await db.transaction().execute(async (trx) => {
      const created = await sql<{ id: bigint }>`
        SELECT ledger_account_id(${merchant}, 'channel_in', NULL, ${FIXTURE_CHANNEL}, 0::smallint) AS id`.execute(trx);
      const { rows } = await sql<{ id: bigint; balance: bigint }>`
        SELECT id, balance FROM ledger_accounts WHERE id = ${created.rows[0]?.id ?? null} FOR UPDATE`.execute(trx);
      const channel = rows[0];
      if (!channel) throw new Error('fixture: the channel account was not created');
      const hash = requestHashSql(
        sql`'["transfer","channel_in//${sql.raw(FIXTURE_CHANNEL)}","member_main/' || a.owner_id || '/","' || ${amount.toString()} || '","deposit"]'`,
      );
      await sql`
        WITH m AS (
          INSERT INTO members (merchant_code, account)
          SELECT ${merchant}, ${prefix} || i FROM generate_series(${start}::int, ${end - 1}::int) AS i
          RETURNING id
        ), a AS (
          INSERT INTO ledger_accounts (merchant_code, kind, owner_id, balance)
          SELECT ${merchant}, 'member_main', id, ${amount} FROM m
          RETURNING id, owner_id
        ), t AS (
          INSERT INTO ledger_transfers (merchant_code, request_hash, debit_account_id, credit_account_id, amount, kind,
                                        state, cause_type, cause_id, debit_balance_after, credit_balance_after, settled_at)
          SELECT ${merchant}, ${hash}, ${channel.id}, a.id, ${amount}, 'deposit', 'posted', 'operator', 'bench',
                 ${channel.balance}::int8 - ${amount}::int8 * row_number() OVER (ORDER BY a.id), ${amount}, now()
          FROM a
          RETURNING 1
        )
        UPDATE ledger_accounts SET balance = balance - ${amount}::int8 * (SELECT count(*) FROM t) WHERE id = ${channel.id}`.execute(
        trx,
      );
    });
  }
}

/** The ids of a merchant's members whose account starts with `prefix`, ascending. */
export async function memberIds(db: Kysely<Database>, merchant: string, prefix: string): Promise<bigint[]> {
  const { rows } = await sql<{ id: bigint }>`
    SELECT id FROM members WHERE merchant_code = ${merchant} AND starts_with(account, ${prefix}) ORDER BY id`.execute(db);
  return rows.map((r) => r.id);
}

/** The bearer token `seedSessions` gives a member: a per-run secret and the member id (only its SHA-256 is stored). */
export const fixtureToken = (secret: string, memberId: bigint) => `${secret}.${memberId}`;

/**
 * A live session for each of the given members that has none, fresh enough that no call in a bench run refreshes
 * it (a busy player's session is written once per ten minutes, not per call).
 */
export async function seedSessions(db: Kysely<Database>, merchant: string, members: bigint[], secret: string): Promise<void> {
  for (let start = 0; start < members.length; start += CHUNK) {
    const ids = members.slice(start, start + CHUNK).map(String);
    await sql`
      INSERT INTO sessions (token_hash, member_id, merchant_code, expires_at)
      SELECT sha256(convert_to(${secret} || '.' || id, 'UTF8')), id, ${merchant}, now() + interval '12 hours'
      FROM unnest(${ids}::int8[]) AS id
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

/** A spread of every SEA 5D bet type; about a third of tickets win. */
function seaBets(count: number): { bet: string; odds100: number }[] {
  const engine = engineOf('SEA5D');
  const digits = (n: number, seed: number) => String(seed % 10 ** n).padStart(n, '0');
  return Array.from({ length: count }, (_, i) => {
    const position = i % 5;
    const choices: SeaBet[] = [
      { type: 'digit', position, digit: i % 10 },
      { type: 'bigSmall', position, pick: i % 2 ? 'big' : 'small' },
      { type: 'oddEven', position, pick: i % 2 ? 'odd' : 'even' },
      { type: 'sumBigSmall', pick: i % 2 ? 'big' : 'small' },
      { type: 'sumOddEven', pick: i % 2 ? 'odd' : 'even' },
      { type: 'last2', number: digits(2, i * 37) },
      { type: 'last3', number: digits(3, i * 389) },
    ];
    const bet = choices[i % choices.length] as SeaBet;
    if (!engine.isValid(bet)) throw new Error(`fixture: invalid SEA bet ${JSON.stringify(bet)}`);
    return { bet: JSON.stringify(bet), odds100: engine.odds100(bet) };
  });
}

/**
 * `tickets` SEA 5D tickets on `drawId` in slips of `perSlip`, the slips spread over `members` (funded enough): as
 * `placeSlip` writes them, one posted bet (member main → a house games shard, the slip's ledger key and memo) per
 * slip, the account balances moved by the same sums.
 */
export async function seedLotteryTickets(
  db: Kysely<Database>,
  options: { merchant: string; gameCode: string; drawId: bigint; members: bigint[]; tickets: number; perSlip: number },
): Promise<void> {
  const { merchant, gameCode, drawId, tickets, perSlip } = options;
  const bets = seaBets(997);
  const memo = JSON.stringify(
    gameMemo({ gameCategory: 'LOTT', validBet: 0n, vendor: 'TESSERA_LOTT', gameCode, roundId: `${drawId}` }),
  );
  const members = options.members.map(String);
  await db.transaction().execute(async (trx) => {
    const shards = Array.from({ length: SHARDS }, (_, shard) => shard);
    await sql`
      CREATE TEMP TABLE fixture_tickets ON COMMIT DROP AS
      SELECT i, i / ${perSlip}::int AS slip_no, b.bet, b.odds100, 100 + (i::int8 * 7919) % 900 AS stake
      FROM generate_series(0, ${tickets - 1}::int) AS i
      JOIN unnest(${bets.map((b) => b.bet)}::jsonb[], ${bets.map((b) => b.odds100)}::int[]) WITH ORDINALITY AS b(bet, odds100, n)
        ON b.n = i % ${bets.length}::int + 1`.execute(trx);
    await sql`
      CREATE TEMP TABLE fixture_slips ON COMMIT DROP AS
      SELECT s.slip_no, s.total, m.member_id, a.id AS member_account_id, h.id AS house_account_id,
             nextval('lottery_slips_id_seq') AS slip_id, nextval('ledger_transfers_id_seq') AS transfer_id,
             md5(${drawId.toString()} || ':' || s.slip_no) AS client_slip_id
      FROM (SELECT slip_no, sum(stake)::int8 AS total FROM fixture_tickets GROUP BY slip_no) s
      JOIN unnest(${members}::int8[]) WITH ORDINALITY AS m(member_id, n) ON m.n = s.slip_no % ${members.length}::int + 1
      JOIN ledger_accounts a ON a.merchant_code = ${merchant} AND a.kind = 'member_main' AND a.owner_id = m.member_id
      JOIN (SELECT shard, ledger_account_id(${merchant}, 'house', NULL, 'games', shard::smallint) AS id
            FROM unnest(${shards}::int[]) AS shard) h ON h.shard = s.slip_no % ${SHARDS}::int`.execute(trx);
    // Running balances per account, as if the slips had been bought one after another in slip order.
    const hash = requestHashSql(
      sql`'["transfer","member_main/' || s.member_id || '/","house//games","' || s.total || '","bet"]'`,
    );
    await sql`
      WITH locked AS (
        SELECT id, balance FROM ledger_accounts
        WHERE id IN (SELECT member_account_id FROM fixture_slips UNION SELECT house_account_id FROM fixture_slips)
        ORDER BY id FOR UPDATE
      )
      INSERT INTO ledger_transfers (id, merchant_code, idempotency_key, request_hash, debit_account_id, credit_account_id,
                                    amount, kind, state, cause_type, cause_id, memo,
                                    debit_balance_after, credit_balance_after, settled_at)
      SELECT s.transfer_id, ${merchant}, 'lottery-slip:' || s.member_id || ':' || s.client_slip_id, ${hash},
             s.member_account_id, s.house_account_id, s.total, 'bet', 'posted', 'game_round', ${drawId.toString()},
             jsonb_set(${memo}::jsonb, '{validBet}', to_jsonb(s.total)),
             d.balance - sum(s.total) OVER (PARTITION BY s.member_account_id ORDER BY s.slip_no),
             c.balance + sum(s.total) OVER (PARTITION BY s.house_account_id ORDER BY s.slip_no),
             now()
      FROM fixture_slips s
      JOIN locked d ON d.id = s.member_account_id
      JOIN locked c ON c.id = s.house_account_id`.execute(trx);
    await sql`
      UPDATE ledger_accounts a SET balance = a.balance + d.delta
      FROM (SELECT member_account_id AS id, -sum(total) AS delta FROM fixture_slips GROUP BY 1
            UNION ALL
            SELECT house_account_id, sum(total) FROM fixture_slips GROUP BY 1) d
      WHERE a.id = d.id`.execute(trx);
    // A slip's request hash only tells a replayed client slip id from a conflicting one; fixture slips are never
    // sent again, so any value unique to the slip serves.
    await sql`
      INSERT INTO lottery_slips (id, merchant_code, member_id, draw_id, game_code, client_slip_id, request_hash,
                                 total_stake, play_money, bet_transfer_id)
      SELECT slip_id, ${merchant}, member_id, ${drawId}, ${gameCode}, client_slip_id, md5(client_slip_id), total, false, transfer_id
      FROM fixture_slips`.execute(trx);
    await sql`
      INSERT INTO lottery_tickets (slip_id, merchant_code, member_id, draw_id, game_code, bet, stake, odds100, play_money)
      SELECT s.slip_id, ${merchant}, s.member_id, ${drawId}, ${gameCode}, t.bet, t.stake, t.odds100, false
      FROM fixture_tickets t JOIN fixture_slips s USING (slip_no)
      ORDER BY t.i`.execute(trx);
  });
}
