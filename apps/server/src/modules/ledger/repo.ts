import type { TransferKind } from '@tessera/contract/api/records';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { prepareOnEachConnection } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { AccountKey } from './account-key.js';

type Executor = Kysely<Database>;

export interface ShardedKey extends AccountKey {
  shard: number;
}

export interface TransferRow {
  id: bigint;
  merchant_code: string;
  request_hash: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  state: 'pending' | 'posted' | 'voided';
  created_at: Date;
}

const TRANSFER_COLUMNS = [
  'id',
  'merchant_code',
  'request_hash',
  'debit_account_id',
  'credit_account_id',
  'amount',
  'state',
  'created_at',
] as const;

export async function findTransferByKey(db: Executor, merchant: string, key: string): Promise<TransferRow | undefined> {
  return db
    .selectFrom('ledger_transfers')
    .select(TRANSFER_COLUMNS)
    .where('merchant_code', '=', merchant)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Sum over the account's shards (0 when it does not exist yet). */
export async function sumBalance(db: Executor, merchant: string, key: AccountKey): Promise<{ balance: bigint; held: bigint }> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select([sql<bigint>`coalesce(sum(balance), 0)::int8`.as('balance'), sql<bigint>`coalesce(sum(held), 0)::int8`.as('held')])
    .where('merchant_code', '=', merchant)
    .where('kind', '=', key.kind)
    .where('owner_id', key.ownerId === null ? 'is' : '=', key.ownerId)
    .where('ref', '=', key.ref)
    .executeTakeFirstOrThrow();
  return { balance: BigInt(row.balance), held: BigInt(row.held) };
}

/** A member account's row, locked until the transaction ends: no transfer changes it meanwhile. Zeros when absent. */
export async function lockMemberBalance(
  db: Executor,
  merchant: string,
  key: AccountKey,
): Promise<{ balance: bigint; held: bigint }> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['balance', 'held'])
    .where('merchant_code', '=', merchant)
    .where('kind', '=', key.kind)
    .where('owner_id', '=', key.ownerId)
    .where('ref', '=', key.ref)
    .where('shard', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  return { balance: BigInt(row?.balance ?? 0n), held: BigInt(row?.held ?? 0n) };
}

/** The arguments of `ledger_move`, as the jsonb `ledger_move_prepared` reads (migration 2026-11-27-0400). */
export interface MoveCall {
  operation: 'transfer' | 'hold';
  merchant: string;
  debitKind: string;
  debitOwner: string | null;
  debitRef: string;
  debitShard: number;
  /** The account's id when known (cached), null to look it up or create it. */
  debitId: string | null;
  creditKind: string;
  creditOwner: string | null;
  creditRef: string;
  creditShard: number;
  creditId: string | null;
  amount: string;
  kind: TransferKind;
  idempotencyKey: string | null;
  requestHash: string;
  causeType: string;
  causeId: string;
  memo: Record<string, unknown>;
}

/** What `ledger_move` answers: the transfer (absent when refused), the account ids it used, what is available after. */
export interface MoveOutcome {
  outcome: 'done' | 'replayed' | 'conflict' | 'insufficient';
  transfer_id: bigint | null;
  transfer_state: 'pending' | 'posted' | 'voided' | null;
  transfer_created_at: Date | null;
  debit_id: bigint;
  credit_id: bigint;
  debit_available: bigint | null;
  credit_available: bigint | null;
}

const MOVE_SQL = 'SELECT * FROM ledger_move_prepared($1::jsonb)';
prepareOnEachConnection(MOVE_SQL);

/** A transfer or a hold in one statement. */
export async function move(db: Executor, call: MoveCall): Promise<MoveOutcome> {
  const { rows } = await db.executeQuery<MoveOutcome>(CompiledQuery.raw(MOVE_SQL, [JSON.stringify(call)]));
  const row = rows[0];
  if (!row) throw new Error('ledger_move answered nothing');
  return row;
}

const MOVE_PAIR_SQL = 'SELECT * FROM ledger_move_pair($1::jsonb, $2::jsonb)';
prepareOnEachConnection(MOVE_PAIR_SQL);

/**
 * Two transfers between the same two accounts, there and back (a stake and its win), in one statement
 * (`ledger_move_pair`, migration 2026-11-28-1000): the first's answer, then the second's unless the first was refused.
 */
export async function movePair(db: Executor, first: MoveCall, second: MoveCall): Promise<MoveOutcome[]> {
  const { rows } = await db.executeQuery<MoveOutcome>(
    CompiledQuery.raw(MOVE_PAIR_SQL, [JSON.stringify(first), JSON.stringify(second)]),
  );
  if (rows.length === 0) throw new Error('ledger_move_pair answered nothing');
  return rows;
}

/** Many credits in one statement (set-based, migration 2026-11-27-1900), answers in the order of `calls`. */
export async function moveBatch(db: Executor, calls: MoveCall[]): Promise<MoveOutcome[]> {
  const { rows } = await sql<MoveOutcome>`SELECT * FROM ledger_credit_batch(${JSON.stringify(calls)}::jsonb)`.execute(db);
  if (rows.length !== calls.length) throw new Error(`ledger_credit_batch answered ${rows.length} of ${calls.length}`);
  return rows;
}

export interface SettleOutcome {
  outcome: 'done' | 'replayed' | 'state' | 'not_found';
  transfer_id: bigint | null;
  transfer_state: 'pending' | 'posted' | 'voided' | null;
  transfer_created_at: Date | null;
}

/** Posts or voids a pending hold in one statement. */
export async function settle(db: Executor, transferId: bigint, target: 'posted' | 'voided'): Promise<SettleOutcome> {
  const { rows } = await sql<SettleOutcome>`SELECT * FROM ledger_settle(${transferId}::int8, ${target})`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('ledger_settle answered nothing');
  return row;
}
