import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import { prepareOnEachConnection } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { Stake, Wagering } from './stake-source.js';

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

/** What a spin computes its outcome from: the seed row, unlocked (`playSpin` checks it has not moved). */
export interface SpinSeed {
  id: bigint;
  server_seed: string;
  commitment: string;
  client_seed: string;
  next_nonce: bigint;
}

export function selectSpinSeed(db: Db, merchant: string, memberId: bigint): Promise<SpinSeed | undefined> {
  return db
    .selectFrom('house_seeds')
    .select(['id', 'server_seed', 'commitment', 'client_seed', 'next_nonce'])
    .where('member_id', '=', memberId)
    .where('merchant_code', '=', merchant)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The arguments of `site_session_live` (sessions' `SessionLiveCheck`): the spin's statement checks the site session. */
interface SiteSessionCheck {
  tokenHash: Buffer;
  issuedAt: Date;
  now: Date;
  oldest: Date;
}

export interface SpinWrite {
  merchant: string;
  memberId: bigint;
  /** Null when the call came with the site token itself (checked before the call). */
  siteSession: SiteSessionCheck | null;
  seed: Pick<SpinSeed, 'id' | 'next_nonce' | 'client_seed'>;
  round: {
    game_code: string;
    engine_game: string;
    bet: bigint;
    win: bigint;
    play_money: boolean;
    client_round_id: string;
    outcome: string;
  };
  betTransfer: unknown;
  winTransfer: unknown | null;
  /** The running bonus's claim whose wagering the statement counts after a done round; null when none runs. */
  claimId: bigint | null;
  /** The same bet and win paid from and to the bonus balance, for the statement to choose; null when it may not. */
  bonusBetTransfer: unknown | null;
  bonusWinTransfer: unknown | null;
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
  outcome: 'done' | 'ended' | 'stale' | 'played' | 'refused';
  roundId: bigint | null;
  roundCreatedAt: Date | null;
  /** On 'stale': the member's active seed now (undefined when there is none). */
  seedNow: SpinSeed | undefined;
  bet: SpinTransferAnswer | null;
  win: SpinTransferAnswer | null;
  /** How the bet was paid (cash, or the bonus balance) and the other balance; cash and 0 without a claim. */
  stake: Stake;
  /** The claim's wagering counted in the statement; null without a claim, or when its count was left to the caller. */
  counted: Wagering | null;
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

function seedNowOf(row: Record<string, unknown>): SpinSeed | undefined {
  if (row.seed_now_id === null) return undefined;
  return {
    id: row.seed_now_id as bigint,
    server_seed: row.seed_now_server_seed as string,
    commitment: row.seed_now_commitment as string,
    client_seed: row.seed_now_client_seed as string,
    next_nonce: row.seed_now_nonce as bigint,
  };
}

/** The whole spin in one statement (`house_spin`, migration 2026-12-01-0100), prepared on each connection. */
const SPIN_SQL = `SELECT * FROM house_spin($1, $2::int8, $3::bytea, $4::timestamptz, $5::timestamptz, $6::timestamptz,
  $7::int8, $8::int8, $9, $10, $11, $12::int8, $13::int8, $14, $15, $16::jsonb, $17::jsonb, $18::jsonb,
  $19::int8, $20::jsonb, $21::jsonb)`;
prepareOnEachConnection(SPIN_SQL);

const json = (value: unknown | null) => (value === null ? null : JSON.stringify(value));

/**
 * The whole spin in one statement: with a claim, the statement also chooses the stake (cash first, then the bonus)
 * and counts the bonus's wagering after the round.
 */
export async function playSpin(db: Db, spin: SpinWrite): Promise<SpinWritten> {
  const { round, seed, siteSession: site } = spin;
  const { rows } = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(SPIN_SQL, [
      spin.merchant,
      spin.memberId,
      site?.tokenHash ?? null,
      site?.issuedAt ?? null,
      site?.now ?? null,
      site?.oldest ?? null,
      seed.id,
      seed.next_nonce,
      seed.client_seed,
      round.game_code,
      round.engine_game,
      round.bet,
      round.win,
      round.play_money,
      round.client_round_id,
      round.outcome,
      json(spin.betTransfer),
      json(spin.winTransfer),
      spin.claimId,
      json(spin.bonusBetTransfer),
      json(spin.bonusWinTransfer),
    ]),
  );
  const row = rows[0];
  if (!row) throw new Error('house_spin answered nothing');
  return {
    outcome: row.outcome as SpinWritten['outcome'],
    roundId: row.round_id as bigint | null,
    roundCreatedAt: row.round_created_at as Date | null,
    seedNow: seedNowOf(row),
    bet: transferAnswer(row, 'bet'),
    win: transferAnswer(row, 'win'),
    stake: { fromBonus: row.from_bonus === true, besideMinor: (row.beside_available as bigint | null) ?? 0n },
    counted:
      row.counted_wagered !== null ? { wagered: row.counted_wagered as bigint, required: row.counted_required as bigint } : null,
  };
}

export async function setClientSeed(db: Db, seedId: bigint, clientSeed: string): Promise<void> {
  await db.updateTable('house_seeds').set({ client_seed: clientSeed }).where('id', '=', seedId).execute();
}

export async function revealSeed(db: Db, seedId: bigint): Promise<void> {
  await db.updateTable('house_seeds').set({ active: false, revealed_at: new Date() }).where('id', '=', seedId).execute();
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
