import { hash } from 'node:crypto';
import type { TransferKind } from '@tessera/contract/api/records';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AccountKey, type AccountRef, isMemberKind, keyOf, keyText, pickShard, randomShard } from './account-key.js';
import * as repo from './repo.js';

export { type AccountRef, randomShard } from './account-key.js';

export interface Cause {
  type: 'member' | 'operator' | 'game_round' | 'job' | 'gateway';
  id: string;
}

export interface TransferInput {
  merchant: string;
  from: AccountRef;
  to: AccountRef;
  /** > 0, minor units. */
  amount: bigint;
  kind: TransferKind;
  cause: Cause;
  /** Unique per merchant; same key + same from/to/amount/kind → the original transfer, replayed: true. */
  idempotencyKey?: string;
  memo?: Record<string, string | number | boolean | null>;
  /**
   * The shard of the house or channel side (0 ≤ n < SHARDS; random when absent). Several transfers in one
   * database transaction must pass the same value (`randomShard()`): each locks the shard row until commit, and
   * two transactions each holding a shard the other picks next would deadlock.
   */
  shard?: number;
}

export interface TransferReceipt {
  id: bigint;
  state: 'posted' | 'pending' | 'voided';
  replayed: boolean;
  createdAt: Date;
}

/** available = balance - held */
export interface Balance {
  balance: bigint;
  held: bigint;
  available: bigint;
}

/** NOTIFY channel (the ledger's SQL functions send on it): payload `{"merchant":"…","memberId":"…"}` for each member account a committed change touched. */
export const LEDGER_CHANNEL = 'ledger';

type Operation = 'transfer' | 'hold';

/** A transfer ready to run inside another statement (`Ledger.prepareTransfer`). */
export interface PreparedTransfer {
  readonly names: readonly [string, string];
  /** Passed as the jsonb argument of `ledger_move_prepared`. */
  readonly call: repo.MoveCall;
}

/** The row `ledger_move_prepared` returns. */
export type PreparedOutcome = repo.MoveOutcome;

/** What each side has available (balance − held) right after the transfer. */
export interface PreparedAvailable {
  debit: bigint | null;
  credit: bigint | null;
}

const ID_CACHE_LIMIT = 100_000;

/**
 * The wallet: every movement of money is a transfer from one account to another in one transaction.
 * Invariants: the balances of a merchant's accounts sum to 0; a member account never has balance < 0 nor
 * balance - held < 0; an idempotency key is applied at most once per merchant. Locks: account rows are
 * updated in ascending id order (no deadlocks between ledger operations); house and channel accounts are
 * sharded so they are never one hot row.
 */
export class Ledger {
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
   * Pays many credits in one statement (a settlement batch: lottery wins, cashback): every account is locked in
   * the ledger's order first, then each credit applied as `transfer` would, all on one house/channel shard. Credits
   * come from accounts that may go negative, so none is refused for funds; a key reused for another request throws
   * `ledger.idempotency.conflict` (the caller's transaction then rolls back). Receipts in the order given.
   */
  async creditBatch(credits: readonly TransferInput[], trx: Transaction<Database>): Promise<TransferReceipt[]> {
    return (await this.creditRows(credits, trx)).map(({ prepared, row }) => this.receiptOf(prepared, row, false));
  }

  /**
   * As `creditBatch`, except that a credit the ledger refuses (its key already names another request) answers its
   * error in its place instead of throwing; the other credits are written in `trx` all the same.
   */
  async creditEach(credits: readonly TransferInput[], trx: Transaction<Database>): Promise<(TransferReceipt | AppError)[]> {
    return (await this.creditRows(credits, trx)).map(({ prepared, row }) => {
      try {
        return this.receiptOf(prepared, row, false);
      } catch (error) {
        if (error instanceof AppError) return error;
        throw error;
      }
    });
  }

  private async creditRows(credits: readonly TransferInput[], trx: Transaction<Database>) {
    if (credits.length === 0) return [];
    const shard = credits[0]?.shard ?? randomShard();
    const prepared = credits.map((input) => {
      if (isMemberKind(keyOf(input.from).kind))
        throw new RangeError('ledger: a batch credit comes from a house or channel account');
      return this.prepare('transfer', { ...input, shard });
    });
    const rows = await repo.moveBatch(
      trx,
      prepared.map((p) => p.call),
    );
    return rows.map((row, i) => ({ prepared: prepared[i] as PreparedTransfer, row }));
  }

  /**
   * A stake and its win: `first` from one account to another, then `second` back between the same two (same shard),
   * in one statement that updates each account once when it can (`ledger_move_pair`). Answers as `transfer` twice in
   * `trx` would: the first's refusal throws and nothing is written; the second's refusal (a conflicting key, or
   * funds when the second comes from a member) is returned in its place, the first staying written in `trx`.
   */
  async transferPair(
    first: TransferInput,
    second: TransferInput,
    trx: Transaction<Database>,
  ): Promise<[TransferReceipt, TransferReceipt | AppError]> {
    const shard = first.shard ?? randomShard();
    const prepared = [this.prepare('transfer', { ...first, shard }), this.prepare('transfer', { ...second, shard })] as const;
    const [firstRow, secondRow] = await repo.movePair(trx, prepared[0].call, prepared[1].call);
    const firstReceipt = this.receiptOf(prepared[0], firstRow as PreparedOutcome, false);
    if (!secondRow) throw new Error('ledger_move_pair: no answer for the second transfer');
    try {
      return [firstReceipt, this.receiptOf(prepared[1], secondRow, false)];
    } catch (error) {
      if (error instanceof AppError) return [firstReceipt, error];
      throw error;
    }
  }

  /** The account's balance (summed over shards); 0s when the account does not exist yet. */
  async balanceOf(merchant: string, ref: AccountRef, trx?: Transaction<Database>): Promise<Balance> {
    const { balance, held } = await repo.sumBalance(trx ?? this.db, merchant, keyOf(ref));
    return { balance, held, available: balance - held };
  }

  /**
   * A member account's balance with its row locked until `trx` ends, so what is read is what a transfer in the same
   * transaction moves (sweeping a whole balance). Lock order: take it before any transfer of the transaction.
   */
  async lockedMemberBalance(merchant: string, ref: AccountRef, trx: Transaction<Database>): Promise<Balance> {
    const key = keyOf(ref);
    if (!isMemberKind(key.kind)) throw new RangeError('ledger: only member accounts are locked whole');
    const { balance, held } = await repo.lockMemberBalance(trx, merchant, key);
    return { balance, held, available: balance - held };
  }

  private async move(operation: Operation, input: TransferInput, trx: Transaction<Database> | undefined) {
    const prepared = this.prepare(operation, input);
    return this.receiptOf(prepared, await repo.move(trx ?? this.db, prepared.call), trx === undefined);
  }

  /**
   * A transfer as one value another module's single statement can carry (`SELECT … ledger_move_prepared(…)`),
   * validated and hashed here like `transfer`; `receiptOfPrepared` reads the answer. For a caller whose whole
   * request is one round trip (a slot spin).
   */
  prepareTransfer(input: TransferInput): PreparedTransfer {
    return this.prepare('transfer', input);
  }

  /**
   * The receipt of a prepared transfer from the row `ledger_move_prepared` returned, or its refusal (the same
   * errors as `transfer`). `committed`: the statement has committed (its account ids may be cached).
   */
  receiptOfPrepared(
    prepared: PreparedTransfer,
    row: PreparedOutcome,
    committed: boolean,
  ): TransferReceipt & { available: PreparedAvailable } {
    return {
      ...this.receiptOf(prepared, row, committed),
      available: { debit: row.debit_available, credit: row.credit_available },
    };
  }

  private prepare(operation: Operation, input: TransferInput): PreparedTransfer {
    const from = keyOf(input.from);
    const to = keyOf(input.to);
    checkInput(input, from, to);
    const debit = { ...from, shard: pickShard(from, input.shard) };
    const credit = { ...to, shard: pickShard(to, input.shard) };
    const names = [
      `${input.merchant}/${keyText(debit)}/${debit.shard}`,
      `${input.merchant}/${keyText(credit)}/${credit.shard}`,
    ] as const;
    const cached = (name: string) => this.accountIds.get(name)?.toString() ?? null;
    return {
      names,
      call: {
        operation,
        merchant: input.merchant,
        debitKind: debit.kind,
        debitOwner: debit.ownerId?.toString() ?? null,
        debitRef: debit.ref,
        debitShard: debit.shard,
        debitId: cached(names[0]),
        creditKind: credit.kind,
        creditOwner: credit.ownerId?.toString() ?? null,
        creditRef: credit.ref,
        creditShard: credit.shard,
        creditId: cached(names[1]),
        amount: input.amount.toString(),
        kind: input.kind,
        idempotencyKey: input.idempotencyKey ?? null,
        requestHash: hashRequest(operation, input, from, to),
        causeType: input.cause.type,
        causeId: input.cause.id,
        memo: input.memo ?? {},
      },
    };
  }

  private receiptOf(prepared: PreparedTransfer, result: PreparedOutcome, committed: boolean): TransferReceipt {
    // Accounts a statement created are only known to exist once it has committed (a caller's transaction may
    // still roll back), so only then are their ids cached.
    if (committed) {
      if (this.accountIds.size > ID_CACHE_LIMIT) this.accountIds.clear();
      this.accountIds.set(prepared.names[0], result.debit_id);
      this.accountIds.set(prepared.names[1], result.credit_id);
    }
    switch (result.outcome) {
      case 'insufficient':
        throw new AppError('wallet.insufficient.funds');
      case 'conflict':
        throw new AppError('ledger.idempotency.conflict');
      default:
        return receiptOf(result, result.outcome === 'replayed');
    }
  }

  private async settle(transferId: bigint, target: 'posted' | 'voided', trx: Transaction<Database> | undefined) {
    const result = await repo.settle(trx ?? this.db, transferId, target);
    switch (result.outcome) {
      case 'not_found':
        throw new AppError('ledger.transfer.not.found');
      case 'state':
        throw new AppError('ledger.transfer.state');
      default:
        return receiptOf(result, result.outcome === 'replayed');
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
  return hash('sha256', canonical, 'base64url');
}

function receiptOf(
  result: { transfer_id: bigint | null; transfer_state: TransferReceipt['state'] | null; transfer_created_at: Date | null },
  replayed: boolean,
): TransferReceipt {
  const { transfer_id: id, transfer_state: state, transfer_created_at: createdAt } = result;
  if (id === null || state === null || createdAt === null) throw new Error('ledger: a receipt without its transfer');
  return { id, state, replayed, createdAt };
}
