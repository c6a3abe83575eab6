import type { TransferKind } from '@tessera/contract/api/records';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { SHARDS } from './account-key.js';
import { type AccountRef, Ledger, type TransferInput, type TransferReceipt } from './service.js';
import { ledgerMembers, ledgerMerchant } from './test/fixture.js';
import { ledgerViolations } from './test/invariants.js';
import { seededRandom } from './test/random.js';
import { StatementLedger } from './test/statement-ledger.js';

/**
 * The one-statement ledger (PL/pgSQL functions) against the statement-by-statement reference: the same random
 * sequence of 10,000 operations (transfers, holds, posts, voids, replays, conflicting retries, refusals, runs of
 * several transfers inside one caller's transaction, pairs of a stake and its win: `transferPair` against two
 * transfers) is played on two merchants, one per implementation. Every
 * answer, every account and every transfer row must come out the same. Ids differ between the two (the reference
 * spends sequence values on refused inserts), so transfers are compared by the operation that created them, and
 * accounts by their key with members by position (request hashes name the member, so they differ too).
 */
// In-process PGlite runs every statement of the reference on one thread: the full 10,000 run there takes minutes,
// so it plays a shorter sequence (LEDGER_EQUIVALENCE_OPERATIONS overrides either).
const OPERATIONS = Number(process.env.LEDGER_EQUIVALENCE_OPERATIONS ?? (process.env.TEST_DB === 'postgres' ? 10_000 : 1_500));
const SEED = Number(process.env.LEDGER_EQUIVALENCE_SEED ?? 20261127);

type Ops = Pick<Ledger, 'transfer' | 'hold' | 'post' | 'void'>;

interface Side {
  merchant: string;
  members: bigint[];
  ledger: Ops;
  /** The stake-and-win pair in one statement; absent on the reference, which plays it as two transfers. */
  pair?: Ledger['transferPair'];
  /** Transfer id → the index of the operation that created it. */
  createdBy: Map<bigint, number>;
  /** Hold ids in creation order (a settle picks one by index on both sides). */
  holds: bigint[];
}

type Step =
  | {
      t: 'move';
      op: 'transfer' | 'hold';
      from: number;
      to: number;
      amount: bigint;
      kind: TransferKind;
      key: string | null;
      shard: number;
    }
  | { t: 'settle'; action: 'post' | 'void'; hold: number }
  | { t: 'together'; moves: Extract<Step, { t: 'move' }>[] }
  | { t: 'pair'; first: Extract<Step, { t: 'move' }>; second: Extract<Step, { t: 'move' }> };

const KINDS: TransferKind[] = ['deposit', 'bet', 'win', 'wallet_transfer', 'withdrawal', 'bonus', 'member_transfer'];
const MEMBERS = 6;

function pool(members: bigint[]): AccountRef[] {
  return [
    ...members.map((memberId): AccountRef => ({ kind: 'member_main', memberId })),
    { kind: 'member_vendor', memberId: members[0] as bigint, vendor: 'PG' },
    { kind: 'member_bonus', memberId: members[1] as bigint },
    { kind: 'house', purpose: 'games' },
    { kind: 'house', purpose: 'promotions' },
    { kind: 'channel_in', channel: 'bank' },
    { kind: 'channel_out', channel: 'bank' },
  ];
}
const POOL_SIZE = MEMBERS + 6;

function plan(random: () => number): Step[] {
  const int = (n: number) => Math.floor(random() * n);
  const move = (): Extract<Step, { t: 'move' }> => {
    const from = int(POOL_SIZE);
    let to = int(POOL_SIZE);
    if (to === from) to = (to + 1) % POOL_SIZE;
    // Money enters from the channel often enough that members have something to bet, transfer and hold.
    const funding = random() < 0.15;
    return {
      t: 'move',
      op: random() < 0.2 ? 'hold' : 'transfer',
      from: funding ? MEMBERS + 4 : from,
      to: funding ? int(MEMBERS) : to,
      amount: BigInt(1 + int(funding ? 5000 : 800)),
      kind: KINDS[int(KINDS.length)] as TransferKind,
      key: random() < 0.7 ? `k${int(3000)}` : null,
      shard: int(SHARDS),
    };
  };
  // Most pairs are a spin's (a member's main or bonus wallet to a house account and back, stakes sometimes above
  // what is available); the rest any two transfers. Keys are drawn from the moves' pool (a replay, a conflict) or new.
  const pairKey = () => (random() < 0.4 ? `k${int(3000)}` : random() < 0.85 ? `p${int(1_000_000_000)}` : null);
  const pair = (): Extract<Step, { t: 'pair' }> => {
    if (random() < 0.3) return { t: 'pair', first: { ...move(), op: 'transfer' }, second: { ...move(), op: 'transfer' } };
    const wallet = random() < 0.8 ? int(MEMBERS) : MEMBERS + 1;
    const house = MEMBERS + 2 + int(2);
    const shard = int(SHARDS);
    const leg = (from: number, to: number, kind: TransferKind): Extract<Step, { t: 'move' }> => ({
      t: 'move',
      op: 'transfer',
      from,
      to,
      amount: BigInt(1 + int(1200)),
      kind,
      key: pairKey(),
      shard,
    });
    return { t: 'pair', first: leg(wallet, house, 'bet'), second: leg(house, wallet, 'win') };
  };
  const steps: Step[] = [];
  while (steps.length < OPERATIONS) {
    const roll = random();
    if (roll < 0.15) steps.push({ t: 'settle', action: random() < 0.5 ? 'post' : 'void', hold: int(1_000_000) });
    else if (roll < 0.22) steps.push({ t: 'together', moves: [move(), move(), move()].slice(0, 2 + int(2)) });
    else if (roll < 0.32) steps.push(pair());
    else steps.push(move());
  }
  return steps;
}

describe('one-statement ledger vs the statement-by-statement reference', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it(`answers and writes the same over ${OPERATIONS} random operations (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const side = async (merchant: string, ledger: Ops): Promise<Side> => {
      await ledgerMerchant(db.kysely, merchant);
      return { merchant, members: await ledgerMembers(db.kysely, merchant, MEMBERS), ledger, createdBy: new Map(), holds: [] };
    };
    const ledger = new Ledger(db.kysely);
    const functions = { ...(await side('eq_functions', ledger)), pair: ledger.transferPair.bind(ledger) };
    const reference = await side('eq_reference', new StatementLedger(db.kysely));

    const steps = plan(seededRandom(SEED));
    for (const [index, step] of steps.entries()) {
      // The two merchants share no row, so both sides run at once.
      const [ours, theirs] = await Promise.all([play(functions, step, index), play(reference, step, index)]);
      expect(ours, `operation ${index}: ${JSON.stringify(step, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`).toEqual(theirs);
    }

    expect(await accountsOf(functions)).toEqual(await accountsOf(reference));
    expect(await transfersOf(functions)).toEqual(await transfersOf(reference));
    expect(await ledgerViolations(db.kysely)).toEqual([]);
  });

  async function play(side: Side, step: Step, index: number): Promise<unknown> {
    if (step.t === 'settle') {
      const id = side.holds[step.hold % Math.max(1, side.holds.length)];
      if (id === undefined) return 'no hold yet';
      return outcome(side, index, step.action === 'post' ? side.ledger.post(id) : side.ledger.void(id));
    }
    if (step.t === 'move') return outcome(side, index, moveOn(side, step));
    if (step.t === 'pair') return db.kysely.transaction().execute((trx) => pairOn(side, step, index, trx));
    // Several transfers in one caller's transaction, all on one shard (as a spin's bet and win): a refusal
    // leaves the transaction usable, and the accepted ones commit together.
    return db.kysely.transaction().execute(async (trx) => {
      const answers: unknown[] = [];
      for (const move of step.moves)
        answers.push(await outcome(side, index, moveOn(side, { ...move, shard: step.moves[0]?.shard ?? 0 }, trx)));
      return answers;
    });
  }

  /** The stake and its win: one `transferPair` call, or on the reference two transfers (the second unless refused). */
  async function pairOn(side: Side, step: Extract<Step, { t: 'pair' }>, index: number, trx: Transaction<Database>) {
    const [first, second] = [inputOf(side, step.first), inputOf(side, { ...step.second, shard: step.first.shard })];
    if (!side.pair) {
      const firstAnswer = await outcome(side, index, side.ledger.transfer(first, trx));
      if (typeof firstAnswer === 'string') return [firstAnswer];
      return [firstAnswer, await outcome(side, index, side.ledger.transfer(second, trx))];
    }
    let receipts: [TransferReceipt, TransferReceipt | AppError];
    try {
      receipts = await side.pair(first, second, trx);
    } catch (error) {
      if (error instanceof AppError) return [error.code];
      throw error;
    }
    const [firstReceipt, secondReceipt] = receipts;
    return [
      await outcome(side, index, Promise.resolve(firstReceipt)),
      await outcome(
        side,
        index,
        secondReceipt instanceof AppError ? Promise.reject(secondReceipt) : Promise.resolve(secondReceipt),
      ),
    ];
  }

  function moveOn(side: Side, move: Extract<Step, { t: 'move' }>, trx?: Parameters<Ledger['transfer']>[1]) {
    const input = inputOf(side, move);
    return move.op === 'hold' ? side.ledger.hold(input, trx) : side.ledger.transfer(input, trx);
  }

  function inputOf(side: Side, move: Extract<Step, { t: 'move' }>): TransferInput {
    const refs = pool(side.members);
    return {
      merchant: side.merchant,
      from: refs[move.from] as AccountRef,
      to: refs[move.to] as AccountRef,
      amount: move.amount,
      kind: move.kind,
      cause: { type: 'job', id: 'equivalence' },
      memo: { n: move.from },
      shard: move.shard,
      ...(move.key === null ? {} : { idempotencyKey: move.key }),
    };
  }

  /** The answer in terms both sides share: which operation created the transfer, its state, replayed; or the refusal. */
  async function outcome(side: Side, index: number, call: Promise<TransferReceipt>) {
    try {
      const receipt = await call;
      if (!receipt.replayed && !side.createdBy.has(receipt.id)) {
        side.createdBy.set(receipt.id, index);
        if (receipt.state === 'pending') side.holds.push(receipt.id);
      }
      return { createdBy: side.createdBy.get(receipt.id), state: receipt.state, replayed: receipt.replayed };
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
  }

  async function accountsOf(side: Side) {
    const { rows } = await sql<{
      kind: string;
      owner_id: bigint | null;
      ref: string;
      shard: number;
      balance: bigint;
      held: bigint;
    }>`
      SELECT kind, owner_id, ref, shard, balance, held FROM ledger_accounts WHERE merchant_code = ${side.merchant}
      ORDER BY kind, owner_id, ref, shard`.execute(db.kysely);
    return rows.map((r) => ({ ...r, owner_id: r.owner_id === null ? null : side.members.indexOf(r.owner_id) }));
  }

  async function transfersOf(side: Side) {
    const { rows } = await sql<{
      id: bigint;
      idempotency_key: string | null;
      debit: string;
      credit: string;
      amount: bigint;
      kind: string;
      state: string;
      memo: unknown;
      debit_balance_after: bigint | null;
      credit_balance_after: bigint | null;
      settled: boolean;
    }>`
      SELECT t.id, t.idempotency_key, t.amount, t.kind, t.state, t.memo, t.debit_balance_after,
             t.credit_balance_after, t.settled_at IS NOT NULL AS settled,
             concat_ws('/', d.kind, d.owner_id, d.ref, d.shard) AS debit, concat_ws('/', c.kind, c.owner_id, c.ref, c.shard) AS credit
      FROM ledger_transfers t
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
      WHERE t.merchant_code = ${side.merchant} ORDER BY t.id`.execute(db.kysely);
    const member = (text: string) =>
      text.replace(/^(member_\w+)\/(\d+)/, (_, kind: string, owner: string) => `${kind}/m${side.members.indexOf(BigInt(owner))}`);
    return rows
      .map(({ id, debit, credit, ...rest }) => ({
        createdBy: side.createdBy.get(id),
        debit: member(debit),
        credit: member(credit),
        ...rest,
      }))
      .sort((a, b) => (a.createdBy ?? -1) - (b.createdBy ?? -1));
  }
});
