import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../platform/app-error.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { type AccountRef, Ledger, randomShard, type TransferInput, type TransferReceipt } from './service.js';
import { ledgerMembers, ledgerMerchant } from './test/fixture.js';
import { countByKey, ledgerViolations } from './test/invariants.js';
import { seededRandom } from './test/random.js';

/**
 * Two server instances (two Ledgers on two connection pools) fire thousands of random deposits, bets, wins,
 * wallet transfers, member transfers and withdrawal holds with posts/voids at once, retrying the same keys
 * at the same time on both instances. Afterwards every key was applied at most once, every retry got the
 * original receipt, no hold settled twice, and the ledger's invariants hold. PGlite has one connection and
 * cannot show lock contention: there the same scenario runs smaller and one call at a time.
 */
const ON_POSTGRES = process.env.TEST_DB === 'postgres';
const OPERATIONS = ON_POSTGRES ? 3000 : 300;
const IN_FLIGHT = ON_POSTGRES ? 48 : 1;
const MEMBERS = ON_POSTGRES ? 40 : 8;
const M = 'ledger_conc';
const HOUSE: AccountRef = { kind: 'house', purpose: 'games' };
const BANK: AccountRef = { kind: 'channel_in', channel: 'bank' };
const PAYOUT: AccountRef = { kind: 'channel_out', channel: 'bank' };
const cause = { type: 'game_round', id: 'concurrency' } as const;

type Outcome = TransferReceipt | 'insufficient' | 'state';

describe('ledger under concurrency', () => {
  let db: TestDb;
  let second: Db;
  beforeAll(async () => {
    db = await createTestDb();
    second = await db.reopen();
    await ledgerMerchant(db.kysely, M);
  });
  afterAll(async () => {
    await second.close();
    await db.close();
  });

  it('applies every key once and keeps the invariants with two instances under load', { timeout: 60_000 }, async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    console.log(`ledger concurrency seed ${seed} (LEDGER_SEED=${seed} repeats it)`);
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const amount = (max: number) => BigInt(1 + Math.floor(random() * max));
    const instances = [new Ledger(db.kysely), new Ledger(second.kysely)];
    const members = await ledgerMembers(db.kysely, M, MEMBERS);
    const main = (id: bigint): AccountRef => ({ kind: 'member_main', memberId: id });

    const outcomesByKey = new Map<string, Outcome[]>();
    const settlesByHold = new Map<bigint, { action: 'post' | 'void'; outcome: Outcome }[]>();
    const unexpected: unknown[] = [];
    const queue: (() => Promise<void>)[] = [];

    const outcomeOf = async (call: Promise<TransferReceipt>): Promise<Outcome | undefined> => {
      try {
        return await call;
      } catch (error) {
        if (error instanceof AppError && error.code === 'wallet.insufficient.funds') return 'insufficient';
        if (error instanceof AppError && error.code === 'ledger.transfer.state') return 'state';
        unexpected.push(error);
        return undefined;
      }
    };

    const settle = (holdId: bigint) => async () => {
      const actions =
        random() < 0.3 ? [pick(['post', 'void'] as const), pick(['post', 'void'] as const)] : [pick(['post', 'void'] as const)];
      const results = await Promise.all(
        actions.map(async (action) => {
          const ledger = pick(instances);
          const outcome = await outcomeOf(action === 'post' ? ledger.post(holdId) : ledger.void(holdId));
          return outcome && { action, outcome };
        }),
      );
      const list = settlesByHold.get(holdId) ?? [];
      for (const r of results) if (r) list.push(r);
      settlesByHold.set(holdId, list);
    };

    const move = (operation: 'transfer' | 'hold', input: TransferInput) => async () => {
      const copies = random() < 0.25 ? 2 : 1;
      const results = await Promise.all(
        Array.from({ length: copies }, () => {
          const ledger = pick(instances);
          return outcomeOf(operation === 'hold' ? ledger.hold(input) : ledger.transfer(input));
        }),
      );
      const key = input.idempotencyKey as string;
      const list = outcomesByKey.get(key) ?? [];
      for (const r of results) if (r) list.push(r);
      outcomesByKey.set(key, list);
      const posted = results.find((r): r is TransferReceipt => typeof r === 'object' && !r.replayed);
      if (operation === 'hold' && posted) queue.push(settle(posted.id));
      // A client that timed out retries later, sometimes long after the original went through.
      if (random() < 0.1) queue.push(move(operation, input));
    };

    for (let i = 0; i < OPERATIONS; i += 1) {
      const member = pick(members);
      const base = { merchant: M, cause, idempotencyKey: `op-${i}` };
      const roll = random();
      if (roll < 0.2)
        queue.push(move('transfer', { ...base, from: BANK, to: main(member), amount: amount(5000), kind: 'deposit' }));
      else if (roll < 0.5)
        queue.push(move('transfer', { ...base, from: main(member), to: HOUSE, amount: amount(800), kind: 'bet' }));
      else if (roll < 0.7)
        queue.push(move('transfer', { ...base, from: HOUSE, to: main(member), amount: amount(1500), kind: 'win' }));
      else if (roll < 0.8) {
        const vendor: AccountRef = { kind: 'member_vendor', memberId: member, vendor: 'PG' };
        const [from, to] = random() < 0.5 ? [main(member), vendor] : [vendor, main(member)];
        queue.push(move('transfer', { ...base, from, to, amount: amount(1000), kind: 'wallet_transfer' }));
      } else if (roll < 0.88) {
        const other = pick(members.filter((m) => m !== member));
        queue.push(
          move('transfer', { ...base, from: main(member), to: main(other), amount: amount(500), kind: 'member_transfer' }),
        );
      } else queue.push(move('hold', { ...base, from: main(member), to: PAYOUT, amount: amount(2000), kind: 'withdrawal' }));
    }

    const started = Date.now();
    let calls = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let task = queue.shift(); task; task = queue.shift()) {
          calls += 1;
          await task();
        }
      }),
    );
    console.log(`ledger concurrency: ${calls} tasks in ${Date.now() - started} ms`);
    expect(unexpected).toEqual([]);

    let applied = 0;
    for (const [key, outcomes] of outcomesByKey) {
      const receipts = outcomes.filter((o): o is TransferReceipt => typeof o === 'object');
      expect(new Set(receipts.map((r) => r.id)).size, key).toBeLessThanOrEqual(1);
      expect(receipts.filter((r) => !r.replayed).length, key).toBe(receipts.length > 0 ? 1 : 0);
      if (receipts.length > 0) applied += 1;
    }
    const counts = await countByKey(db.kysely, M, [...outcomesByKey.keys()]);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(applied);
    expect([...counts.values()].every((n) => n <= 1)).toBe(true);

    for (const [holdId, settles] of settlesByHold) {
      const firsts = settles.filter((s) => typeof s.outcome === 'object' && !s.outcome.replayed);
      expect(firsts.length, `hold ${holdId}`).toBe(1);
      const row = await db.kysely
        .selectFrom('ledger_transfers')
        .select('state')
        .where('id', '=', holdId)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe(firsts[0]?.action === 'post' ? 'posted' : 'voided');
    }
    expect(applied).toBeGreaterThan(OPERATIONS / 2);
    expect(await ledgerViolations(db.kysely)).toEqual([]);
  });
  it('runs many-transfer batches beside bet-and-win transactions without a deadlock', { timeout: 60_000 }, async () => {
    const merchant = 'ledger_lock_order';
    await ledgerMerchant(db.kysely, merchant);
    const random = seededRandom(Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000));
    const instances = [new Ledger(db.kysely), new Ledger(second.kysely)];
    const members = await ledgerMembers(db.kysely, merchant, MEMBERS);
    const main = (id: bigint): AccountRef => ({ kind: 'member_main', memberId: id });
    const move = (input: Omit<TransferInput, 'merchant' | 'cause'>) => ({ ...input, merchant, cause });
    for (const member of members) {
      await instances[0]?.transfer(move({ from: BANK, to: main(member), amount: 10_000n, kind: 'deposit' }));
    }
    const shuffled = () => [...members].sort(() => random() - 0.5);
    // A settlement batch: wins to members in any order, one statement (creditBatch locks its accounts in order).
    const batch = (n: number) =>
      (n % 2 === 0 ? db.kysely : second.kysely).transaction().execute(async (trx) => {
        const winners = shuffled().slice(0, Math.ceil(MEMBERS / 2));
        const ledger = instances[n % 2] as Ledger;
        await ledger.creditBatch(
          winners.map((member) => move({ from: HOUSE, to: main(member), amount: 7n, kind: 'win' })),
          trx,
        );
      });
    // A slot spin: bet and win in one transaction on one shard.
    const spin = (n: number) =>
      (n % 2 === 0 ? db.kysely : second.kysely).transaction().execute(async (trx) => {
        const member = shuffled()[0] as bigint;
        const shard = randomShard();
        const ledger = instances[n % 2] as Ledger;
        await ledger.transfer(move({ from: main(member), to: HOUSE, amount: 5n, kind: 'bet', shard }), trx);
        await ledger.transfer(move({ from: HOUSE, to: main(member), amount: 3n, kind: 'win', shard }), trx);
      });
    const work = Array.from({ length: ON_POSTGRES ? 240 : 24 }, (_, n) => (n % 8 === 0 ? () => batch(n) : () => spin(n)));
    const failures: unknown[] = [];
    const lanes = Array.from({ length: IN_FLIGHT }, async () => {
      for (let job = work.shift(); job; job = work.shift()) await job().catch((error: unknown) => failures.push(error));
    });
    await Promise.all(lanes);
    expect(failures).toEqual([]);
    expect(await ledgerViolations(db.kysely)).toEqual([]);
  });
});
