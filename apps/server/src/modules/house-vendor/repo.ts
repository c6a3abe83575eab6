import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSeed(
  db: Db,
  row: { merchant_code: string; member_id: bigint; server_seed: string; commitment: string; client_seed: string },
): Promise<void> {
  // The partial UNIQUE index keeps one active seed per member; a concurrent first use finds the other's seed.
  await sql`
    INSERT INTO house_seeds (merchant_code, member_id, server_seed, commitment, client_seed)
    VALUES (${row.merchant_code}, ${row.member_id}, ${row.server_seed}, ${row.commitment}, ${row.client_seed})
    ON CONFLICT (member_id) WHERE active DO NOTHING`.execute(db);
}

/** The member's active seed, locked: every spin of a member takes this lock, so nonces are never reused. */
export function lockActiveSeed(db: Db, merchant: string, memberId: bigint) {
  return db
    .selectFrom('house_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .where('active', '=', true)
    .forUpdate()
    .executeTakeFirst();
}

export function selectActiveSeed(db: Db, merchant: string, memberId: bigint) {
  return db
    .selectFrom('house_seeds')
    .select(['id', 'commitment', 'client_seed', 'next_nonce'])
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .where('active', '=', true)
    .executeTakeFirst();
}

/**
 * What a spin needs before it writes, in one read: the member's active seed (not locked: `playSpin` checks it
 * is unchanged), the round already played under `clientRoundId` if any, and a fresh round id.
 */
export async function spinSnapshot(db: Db, merchant: string, memberId: bigint, clientRoundId: string) {
  const { rows } = await sql<{
    seed_id: bigint | null;
    server_seed: string | null;
    commitment: string | null;
    client_seed: string | null;
    next_nonce: bigint | null;
    played: boolean;
    round_id: bigint;
  }>`
    SELECT s.id AS seed_id, s.server_seed, s.commitment, s.client_seed, s.next_nonce,
           EXISTS (SELECT 1 FROM house_rounds r WHERE r.member_id = ${memberId} AND r.client_round_id = ${clientRoundId}) AS played,
           nextval(pg_get_serial_sequence('house_rounds', 'id')) AS round_id
    FROM (VALUES (1)) AS one (n)
    LEFT JOIN house_seeds s ON s.member_id = ${memberId} AND s.merchant_code = ${merchant} AND s.active`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('spin snapshot answered nothing');
  return row;
}

export interface SpinWrite {
  seedId: bigint;
  nonce: bigint;
  clientSeed: string;
  round: Omit<RoundInsert, 'seed_id' | 'client_seed' | 'nonce' | 'bet_transfer_id' | 'win_transfer_id'>;
  betTransfer: unknown;
  winTransfer: unknown | null;
}

/** One transfer's answer, as `ledger_move_prepared` gives it (read by `Ledger.receiptOfPrepared`). */
export interface SpinTransferAnswer {
  outcome: 'done' | 'replayed' | 'conflict' | 'insufficient';
  transfer_id: bigint | null;
  transfer_state: 'pending' | 'posted' | 'voided' | null;
  transfer_created_at: Date | null;
  debit_id: bigint;
  credit_id: bigint;
  debit_available: bigint | null;
  credit_available: bigint | null;
}

export interface SpinWritten {
  outcome: 'done' | 'stale' | 'refused';
  roundCreatedAt: Date | null;
  bet: SpinTransferAnswer | null;
  win: SpinTransferAnswer | null;
}

const SIDE_COLUMNS = [
  'outcome',
  'transfer_id',
  'state',
  'created_at',
  'debit_id',
  'credit_id',
  'debit_available',
  'credit_available',
];

function transferAnswer(row: Record<string, unknown>, side: 'bet' | 'win'): SpinTransferAnswer | null {
  if (row[`${side}_outcome`] === null) return null;
  const [outcome, id, state, createdAt, debitId, creditId, debitAvailable, creditAvailable] = SIDE_COLUMNS.map(
    (c) => row[`${side}_${c}`],
  );
  return {
    outcome: outcome as SpinTransferAnswer['outcome'],
    transfer_id: id as bigint | null,
    transfer_state: state as SpinTransferAnswer['transfer_state'],
    transfer_created_at: createdAt as Date | null,
    debit_id: debitId as bigint,
    credit_id: creditId as bigint,
    debit_available: debitAvailable as bigint | null,
    credit_available: creditAvailable as bigint | null,
  };
}

/** The spin's writes in one statement (`house_spin`, migration 2026-11-27-0410). */
export async function playSpin(db: Db, spin: SpinWrite): Promise<SpinWritten> {
  const { round } = spin;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT * FROM house_spin(${spin.seedId}::int8, ${spin.nonce}::int8, ${spin.clientSeed},
      ${round.id}::int8, ${round.merchant_code}, ${round.member_id}::int8, ${round.game_code}, ${round.engine_game},
      ${round.bet}::int8, ${round.win}::int8, ${round.play_money}, ${round.client_round_id}, ${round.outcome}::jsonb,
      ${JSON.stringify(spin.betTransfer)}::jsonb, ${spin.winTransfer === null ? null : JSON.stringify(spin.winTransfer)}::jsonb)`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new Error('house_spin answered nothing');
  return {
    outcome: row.outcome as SpinWritten['outcome'],
    roundCreatedAt: row.round_created_at as Date | null,
    bet: transferAnswer(row, 'bet'),
    win: transferAnswer(row, 'win'),
  };
}

export async function advanceNonce(db: Db, seedId: bigint): Promise<void> {
  await db
    .updateTable('house_seeds')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1n) }))
    .where('id', '=', seedId)
    .execute();
}

export async function setClientSeed(db: Db, seedId: bigint, clientSeed: string): Promise<void> {
  await db.updateTable('house_seeds').set({ client_seed: clientSeed }).where('id', '=', seedId).execute();
}

export async function revealSeed(db: Db, seedId: bigint): Promise<void> {
  await db.updateTable('house_seeds').set({ active: false, revealed_at: new Date() }).where('id', '=', seedId).execute();
}

export async function nextRoundId(db: Db): Promise<bigint> {
  const { rows } = await sql<{ id: bigint }>`SELECT nextval(pg_get_serial_sequence('house_rounds', 'id')) AS id`.execute(db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('house_rounds sequence gave no id');
  return BigInt(id);
}

export interface RoundInsert {
  id: bigint;
  merchant_code: string;
  member_id: bigint;
  game_code: string;
  engine_game: string;
  seed_id: bigint;
  client_seed: string;
  nonce: bigint;
  bet: bigint;
  win: bigint;
  play_money: boolean;
  client_round_id: string;
  outcome: string;
  bet_transfer_id: bigint;
  win_transfer_id: bigint | null;
}

export async function insertRound(db: Db, row: RoundInsert): Promise<Date> {
  const { created_at } = await db.insertInto('house_rounds').values(row).returning('created_at').executeTakeFirstOrThrow();
  return created_at;
}

const ROUND_COLUMNS = [
  'r.id',
  'r.member_id',
  'r.game_code',
  'r.engine_game',
  'r.seed_id',
  'r.client_seed',
  'r.nonce',
  'r.bet',
  'r.win',
  'r.play_money',
  'r.outcome',
  'r.created_at',
  's.commitment',
  's.server_seed',
  's.active as seed_active',
] as const;

function rounds(db: Db, merchant: string, memberId: bigint) {
  return db
    .selectFrom('house_rounds as r')
    .innerJoin('house_seeds as s', 's.id', 'r.seed_id')
    .select(ROUND_COLUMNS)
    .where('r.merchant_code', '=', merchant)
    .where('r.member_id', '=', memberId);
}

export type RoundRow = NonNullable<Awaited<ReturnType<typeof selectRound>>>;

/** One of the member's own rounds: another member's round id finds nothing. */
export function selectRound(db: Db, merchant: string, memberId: bigint, roundId: bigint) {
  return rounds(db, merchant, memberId).where('r.id', '=', roundId).executeTakeFirst();
}

export function selectRoundByClientId(db: Db, merchant: string, memberId: bigint, clientRoundId: string) {
  return rounds(db, merchant, memberId).where('r.client_round_id', '=', clientRoundId).executeTakeFirst();
}

export async function insertTicket(
  db: Db,
  row: {
    merchant_code: string;
    member_id: bigint;
    game_code: string;
    ticket_hash: Buffer;
    ticket_expires_at: Date;
    site_session_hash: Buffer;
  },
): Promise<void> {
  await db.insertInto('house_game_sessions').values(row).execute();
}

/** Spends a valid ticket (one use) and binds the session token to it. */
export function exchangeTicket(db: Db, merchant: string, ticketHash: Buffer, sessionHash: Buffer, sessionExpiresAt: Date) {
  const now = new Date();
  return db
    .updateTable('house_game_sessions')
    .set({ session_hash: sessionHash, session_expires_at: sessionExpiresAt, ticket_expires_at: now })
    .where('merchant_code', '=', merchant)
    .where('ticket_hash', '=', ticketHash)
    .where('session_hash', 'is', null)
    .where('ticket_expires_at', '>', now)
    .returning(['member_id', 'game_code'])
    .executeTakeFirst();
}

export function selectGameSession(db: Db, merchant: string, sessionHash: Buffer) {
  return db
    .selectFrom('house_game_sessions')
    .select(['member_id', 'game_code', 'site_session_hash', 'created_at', 'session_expires_at'])
    .where('merchant_code', '=', merchant)
    .where('session_hash', '=', sessionHash)
    .where('session_expires_at', '>', new Date())
    .executeTakeFirst();
}
