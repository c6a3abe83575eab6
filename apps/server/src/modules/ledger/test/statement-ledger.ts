import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../platform/app-error.js';
import { type AccountKey, type AccountRef, isMemberKind, keyOf, keyText, pickShard } from '../account-key.js';
import { type Balance, LEDGER_CHANNEL, type TransferInput, type TransferReceipt } from '../service.js';
import * as repo from './statement-repo.js';

type Operation = 'transfer' | 'hold';

/** Thrown inside the transaction when another request already used the key: rolls the attempt back. */
class KeyTaken extends Error {}

const ID_CACHE_LIMIT = 100_000;

/**
 * The ledger as it was written statement by statement (each account look-up, lock, update and insert its own
 * round trip), kept as the reference the one-statement functions are checked against (ledger.equivalence.test.ts).
 * Invariants: the balances of a merchant's accounts sum to 0; a member account never has balance < 0 nor
 * balance - held < 0; an idempotency key is applied at most once per merchant. Locks: account rows are
 * updated in ascending id order (no deadlocks between ledger operations); house and channel accounts are
 * sharded so they are never one hot row.
 */
export class StatementLedger {
  /** Account ids never change once committed: caching them saves a query per transfer. */
  private readonly accountIds = new Map<string, bigint>();

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Moves `amount` from `from` to `to` at once. Fails with `wallet.insufficient.funds` (nothing written)
   * when a member account would go below zero available, `ledger.idempotency.conflict` when the key was
   * used for a different request. Pass `trx` to make it part of the caller's transaction.
   */
  transfer(input: TransferInput, trx?: Transaction<Database>): Promise<TransferReceipt> {
    return this.move('transfer', input, trx);
  }

  /**
   * Two-phase, first phase: reserves `amount` on `from` (available drops, balance unchanged); state
   * 'pending' until `post` or `void`. Same failures as `transfer`.
   */
  hold(input: TransferInput, trx?: Transaction<Database>): Promise<TransferReceipt> {
    return this.move('hold', input, trx);
  }

  /** pending → posted: the held amount leaves `from` and reaches `to`. Repeating it returns replayed: true. */
  post(transferId: bigint, trx?: Transaction<Database>): Promise<TransferReceipt> {
    return this.settle(transferId, 'posted', trx);
  }

  /** pending → voided: the held amount is available again. Repeating it returns replayed: true. */
  void(transferId: bigint, trx?: Transaction<Database>): Promise<TransferReceipt> {
    return this.settle(transferId, 'voided', trx);
  }

  /**
   * Whether a transfer under `idempotencyKey` has committed. Not a guard on its own (a concurrent first attempt
   * may not have committed yet): repeating the transfer under the same key is what makes it happen once.
   */
  async hasTransfer(merchant: string, idempotencyKey: string): Promise<boolean> {
    return (await repo.findTransferByKey(this.db, merchant, idempotencyKey)) !== undefined;
  }

  /**
   * Locks every account a transaction is about to move money between, in the ledger's one lock order (ascending
   * id), creating missing ones. A transaction making many transfers (a settlement batch) calls it first and passes
   * the same `shard` to each transfer: locks taken transfer by transfer would be out of order across transfers and
   * could form a cycle with a concurrent spin or batch (a deadlock).
   */
  async lockAccounts(
    trx: Transaction<Database>,
    accounts: readonly { merchant: string; ref: AccountRef }[],
    shard: number,
  ): Promise<void> {
    const byMerchant = new Map<string, Map<string, repo.ShardedKey>>();
    for (const { merchant, ref } of accounts) {
      const key = keyOf(ref);
      const keys = byMerchant.get(merchant) ?? new Map<string, repo.ShardedKey>();
      keys.set(keyText(key), { ...key, shard: pickShard(key, shard) });
      byMerchant.set(merchant, keys);
    }
    const ids: bigint[] = [];
    for (const [merchant, unique] of byMerchant) {
      const keys = [...unique.values()];
      let found = await repo.findAccountIds(trx, merchant, keys);
      const missing = keys.filter((_, i) => found[i] === undefined);
      if (missing.length > 0) {
        await repo.createAccounts(trx, merchant, missing);
        found = await repo.findAccountIds(trx, merchant, keys);
      }
      ids.push(...found.filter((id): id is bigint => id !== undefined));
    }
    await repo.lockAccountsInOrder(trx, ids);
  }

  /** The account's balance (summed over shards); 0s when the account does not exist yet. */
  async balanceOf(merchant: string, ref: AccountRef, trx?: Transaction<Database>): Promise<Balance> {
    const { balance, held } = await repo.sumBalance(trx ?? this.db, merchant, keyOf(ref));
    return { balance, held, available: balance - held };
  }

  private async move(operation: Operation, input: TransferInput, trx: Transaction<Database> | undefined) {
    const from = keyOf(input.from);
    const to = keyOf(input.to);
    checkInput(input, from, to);
    const requestHash = hashRequest(operation, input, from, to);
    // No look-up of the key first: the UNIQUE insert at the end detects a used key (rare: retries) and the
    // attempt rolls back, which saves every first attempt a round trip.
    const key = input.idempotencyKey ?? null;
    const shards = [
      { ...from, shard: pickShard(from, input.shard) },
      { ...to, shard: pickShard(to, input.shard) },
    ];
    // Outside a caller's transaction the accounts are created (committed) before the transfer, so their ids
    // can be cached; inside one they are created in it and nothing is cached (the caller may roll back).
    const ids = trx ? undefined : await this.accountIdsOf(this.db, input.merchant, shards, true);
    try {
      return await this.atomically(trx, async (t) => {
        const [debitId, creditId] = ids ?? (await this.accountIdsOf(t, input.merchant, shards, false));
        const base = {
          merchant_code: input.merchant,
          idempotency_key: key,
          request_hash: requestHash,
          debit_account_id: debitId,
          credit_account_id: creditId,
          amount: input.amount,
          kind: input.kind,
          cause_type: input.cause.type,
          cause_id: input.cause.id,
          memo: JSON.stringify(input.memo ?? {}),
        };
        const touched: repo.UpdatedAccount[] = [];
        let row: repo.TransferRow | undefined;
        if (operation === 'hold') {
          const debit = await repo.addHeld(t, debitId, input.amount, isMemberKind(from.kind));
          if (!debit) throw new AppError('wallet.insufficient.funds');
          touched.push(debit);
          row = await repo.insertTransfer(t, {
            ...base,
            state: 'pending',
            debit_balance_after: null,
            credit_balance_after: null,
          });
        } else {
          const { debit, credit } = await this.moveBalances(t, debitId, creditId, input.amount, isMemberKind(from.kind));
          touched.push(debit, credit);
          row = await repo.insertTransfer(t, {
            ...base,
            state: 'posted',
            debit_balance_after: debit.balance,
            credit_balance_after: credit.balance,
          });
        }
        if (!row) throw new KeyTaken();
        await this.notifyMembers(t, input.merchant, touched);
        return receipt(row, false);
      });
    } catch (error) {
      // The key was used before (or by a request that committed first, possibly taking the money this retry
      // would have needed): answer as a replay of that transfer, or a conflict if it asked for something else.
      const raced = error instanceof KeyTaken || (error instanceof AppError && error.code === 'wallet.insufficient.funds');
      if (key !== null && raced) {
        const replay = await this.replayOf(trx ?? this.db, input.merchant, key, requestHash);
        if (replay) return replay;
      }
      if (error instanceof KeyTaken) throw new Error('ledger: idempotency key taken by a transfer that is not visible');
      throw error;
    }
  }

  /** Updates both balances in ascending id order (the one lock order every ledger operation uses). */
  private async moveBalances(t: Transaction<Database>, debitId: bigint, creditId: bigint, amount: bigint, guarded: boolean) {
    const applyDebit = () => repo.addToBalance(t, debitId, -amount, guarded);
    const applyCredit = () => repo.addToBalance(t, creditId, amount, false);
    let debit: repo.UpdatedAccount | undefined;
    let credit: repo.UpdatedAccount | undefined;
    if (debitId < creditId) {
      debit = await applyDebit();
      if (debit) credit = await applyCredit();
    } else {
      credit = await applyCredit();
      debit = await applyDebit();
    }
    if (!debit) throw new AppError('wallet.insufficient.funds');
    if (!credit) throw new Error(`ledger account ${creditId} vanished`);
    return { debit, credit };
  }

  private async settle(transferId: bigint, target: 'posted' | 'voided', trx: Transaction<Database> | undefined) {
    return this.atomically(trx, async (t) => {
      const row = await repo.lockTransfer(t, transferId);
      if (!row) throw new AppError('ledger.transfer.not.found');
      if (row.state === target) return receipt(row, true);
      if (row.state !== 'pending') throw new AppError('ledger.transfer.state');
      const spend = target === 'posted';
      const releaseDebit = () => repo.releaseHeld(t, row.debit_account_id, row.amount, spend);
      const touched: repo.UpdatedAccount[] = [];
      if (!spend) {
        touched.push(await releaseDebit());
        await repo.settleTransfer(t, row.id, 'voided', null);
      } else {
        const applyCredit = async () => {
          const credit = await repo.addToBalance(t, row.credit_account_id, row.amount, false);
          if (!credit) throw new Error(`ledger account ${row.credit_account_id} vanished`);
          return credit;
        };
        const [debit, credit] =
          row.debit_account_id < row.credit_account_id
            ? [await releaseDebit(), await applyCredit()]
            : await applyCredit().then(async (c) => [await releaseDebit(), c] as const);
        touched.push(debit, credit);
        await repo.settleTransfer(t, row.id, 'posted', { debit: debit.balance, credit: credit.balance });
      }
      await this.notifyMembers(t, row.merchant_code, touched);
      return { id: row.id, state: target, replayed: false, createdAt: row.created_at };
    });
  }

  private async replayOf(db: Kysely<Database>, merchant: string, key: string, requestHash: string) {
    const existing = await repo.findTransferByKey(db, merchant, key);
    if (!existing) return undefined;
    if (existing.request_hash !== requestHash) throw new AppError('ledger.idempotency.conflict');
    return receipt(existing, true);
  }

  /** Ids of the (sharded) accounts, creating missing ones; `cache` only for committed rows. */
  private async accountIdsOf(db: Kysely<Database>, merchant: string, keys: repo.ShardedKey[], cache: boolean) {
    const names = keys.map((k) => `${merchant}/${keyText(k)}/${k.shard}`);
    let ids = names.map((name) => this.accountIds.get(name));
    if (ids.some((id) => id === undefined)) {
      ids = await repo.findAccountIds(db, merchant, keys);
      const missing = keys.filter((_, i) => ids[i] === undefined);
      if (missing.length > 0) {
        await repo.createAccounts(db, merchant, missing);
        ids = await repo.findAccountIds(db, merchant, keys);
      }
      if (cache) {
        if (this.accountIds.size > ID_CACHE_LIMIT) this.accountIds.clear();
        names.forEach((name, i) => {
          const id = ids[i];
          if (id !== undefined) this.accountIds.set(name, id);
        });
      }
    }
    const [debitId, creditId] = ids;
    if (debitId === undefined || creditId === undefined) throw new Error('ledger: account could not be created');
    return [debitId, creditId] as const;
  }

  private async notifyMembers(t: Transaction<Database>, merchant: string, touched: repo.UpdatedAccount[]) {
    const members = new Set(touched.filter((a) => isMemberKind(a.kind) && a.owner_id !== null).map((a) => String(a.owner_id)));
    const payloads = [...members].map((memberId) => JSON.stringify({ merchant, memberId }));
    if (payloads.length > 0) await repo.notify(t, LEDGER_CHANNEL, payloads);
  }

  /** Own transaction, or a savepoint in the caller's so a failed ledger step leaves the caller's work usable. */
  private async atomically<T>(trx: Transaction<Database> | undefined, work: (t: Transaction<Database>) => Promise<T>) {
    if (!trx) return this.db.transaction().execute(work);
    await sql`SAVEPOINT ledger_step`.execute(trx);
    try {
      const result = await work(trx);
      await sql`RELEASE SAVEPOINT ledger_step`.execute(trx);
      return result;
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ledger_step`.execute(trx);
      throw error;
    }
  }
}

function checkInput(input: TransferInput, from: AccountKey, to: AccountKey) {
  if (typeof input.amount !== 'bigint' || input.amount <= 0n) throw new RangeError('ledger: amount must be a positive bigint');
  if (keyText(from) === keyText(to)) throw new RangeError('ledger: from and to are the same account');
  if (!input.merchant || !input.cause.id) throw new RangeError('ledger: merchant and cause id are required');
  if (input.idempotencyKey !== undefined && (input.idempotencyKey.length < 1 || input.idempotencyKey.length > 200)) {
    throw new RangeError('ledger: idempotency key must be 1-200 characters');
  }
}

/** What a replay must repeat exactly: operation, accounts (not their shard), amount and kind. */
function hashRequest(operation: Operation, input: TransferInput, from: AccountKey, to: AccountKey) {
  const canonical = JSON.stringify([operation, keyText(from), keyText(to), input.amount.toString(), input.kind]);
  return createHash('sha256').update(canonical).digest('base64url');
}

function receipt(row: repo.TransferRow, replayed: boolean): TransferReceipt {
  return { id: row.id, state: row.state, replayed, createdAt: row.created_at };
}
