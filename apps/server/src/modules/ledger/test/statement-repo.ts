import type { TransferKind } from '@tessera/contract/api/records';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AccountKey } from '../account-key.js';

type Executor = Kysely<Database>;

export interface ShardedKey extends AccountKey {
  shard: number;
}

/** What an account update returns: enough to write balances after and to notify the member. */
export interface UpdatedAccount {
  balance: bigint;
  kind: string;
  owner_id: bigint | null;
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

/** Ids of the accounts that exist among `keys` (one query), keyed by position in `keys`. */
export async function findAccountIds(db: Executor, merchant: string, keys: ShardedKey[]): Promise<(bigint | undefined)[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'owner_id', 'ref', 'shard'])
    .where('merchant_code', '=', merchant)
    .where((eb) =>
      eb.or(
        keys.map((key) =>
          eb.and([
            eb('kind', '=', key.kind),
            key.ownerId === null ? eb('owner_id', 'is', null) : eb('owner_id', '=', key.ownerId),
            eb('ref', '=', key.ref),
            eb('shard', '=', key.shard),
          ]),
        ),
      ),
    )
    .execute();
  return keys.map(
    (key) =>
      rows.find((r) => r.kind === key.kind && r.owner_id === key.ownerId && r.ref === key.ref && r.shard === key.shard)?.id,
  );
}

/** Creates the accounts that do not exist yet; a concurrent creator of the same row is not an error. */
export async function createAccounts(db: Executor, merchant: string, keys: ShardedKey[]): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(
      keys.map((key) => ({ merchant_code: merchant, kind: key.kind, owner_id: key.ownerId, ref: key.ref, shard: key.shard })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Row locks on the accounts, taken in ascending id order (PostgreSQL locks the rows as the sort returns them). */
export async function lockAccountsInOrder(db: Executor, ids: bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await db.selectFrom('ledger_accounts').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/**
 * Adds `delta` to the balance in one atomic statement (row lock until the transaction ends). With `guarded`
 * the update only happens if the available amount stays >= 0: undefined means "insufficient funds".
 */
export async function addToBalance(
  db: Executor,
  id: bigint,
  delta: bigint,
  guarded: boolean,
): Promise<UpdatedAccount | undefined> {
  const guard = guarded ? sql`AND balance - held + ${delta} >= 0` : sql``;
  const { rows } = await sql<UpdatedAccount>`
    UPDATE ledger_accounts SET balance = balance + ${delta} WHERE id = ${id} ${guard}
    RETURNING balance, kind, owner_id`.execute(db);
  return rows[0];
}

/** Reserves `amount` (available drops, balance unchanged); guarded like `addToBalance`. */
export async function addHeld(db: Executor, id: bigint, amount: bigint, guarded: boolean): Promise<UpdatedAccount | undefined> {
  const guard = guarded ? sql`AND balance - held >= ${amount}` : sql``;
  const { rows } = await sql<UpdatedAccount>`
    UPDATE ledger_accounts SET held = held + ${amount} WHERE id = ${id} ${guard}
    RETURNING balance, kind, owner_id`.execute(db);
  return rows[0];
}

/** Releases a reservation; when `spend`, the reserved amount also leaves the balance (a posted hold). */
export async function releaseHeld(db: Executor, id: bigint, amount: bigint, spend: boolean): Promise<UpdatedAccount> {
  const spent = spend ? amount : 0n;
  const { rows } = await sql<UpdatedAccount>`
    UPDATE ledger_accounts SET held = held - ${amount}, balance = balance - ${spent} WHERE id = ${id}
    RETURNING balance, kind, owner_id`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`ledger account ${id} vanished`);
  return row;
}

export interface NewTransfer {
  merchant_code: string;
  idempotency_key: string | null;
  request_hash: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  kind: TransferKind;
  state: 'pending' | 'posted';
  cause_type: string;
  cause_id: string;
  memo: string;
  debit_balance_after: bigint | null;
  credit_balance_after: bigint | null;
}

/**
 * Inserts the transfer; undefined when its idempotency key is already taken (by a committed transfer, or by
 * one in flight that then commits: the insert waits for it).
 */
export async function insertTransfer(db: Executor, row: NewTransfer): Promise<TransferRow | undefined> {
  return db
    .insertInto('ledger_transfers')
    .values({ ...row, settled_at: row.state === 'posted' ? sql<Date>`now()` : null })
    .onConflict((oc) => oc.columns(['merchant_code', 'idempotency_key']).doNothing())
    .returning(TRANSFER_COLUMNS)
    .executeTakeFirst();
}

export async function findTransferByKey(db: Executor, merchant: string, key: string): Promise<TransferRow | undefined> {
  return db
    .selectFrom('ledger_transfers')
    .select(TRANSFER_COLUMNS)
    .where('merchant_code', '=', merchant)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The transfer, locked until the transaction ends: concurrent post/void of one hold take turns. */
export async function lockTransfer(db: Executor, id: bigint): Promise<TransferRow | undefined> {
  return db.selectFrom('ledger_transfers').select(TRANSFER_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function settleTransfer(
  db: Executor,
  id: bigint,
  state: 'posted' | 'voided',
  balancesAfter: { debit: bigint; credit: bigint } | null,
): Promise<void> {
  await db
    .updateTable('ledger_transfers')
    .set({
      state,
      settled_at: sql<Date>`now()`,
      debit_balance_after: balancesAfter?.debit ?? null,
      credit_balance_after: balancesAfter?.credit ?? null,
    })
    .where('id', '=', id)
    .execute();
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

/** Queues NOTIFYs (one statement) delivered when the transaction commits, dropped if it rolls back. */
export async function notify(db: Executor, channel: string, payloads: string[]): Promise<void> {
  const calls = payloads.map((payload) => sql`pg_notify(${channel}, ${payload})`);
  await sql`SELECT ${sql.join(calls)}`.execute(db);
}
