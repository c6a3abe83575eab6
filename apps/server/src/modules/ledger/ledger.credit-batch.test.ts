import type { TransferKind } from '@tessera/contract/api/records';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { SHARDS } from './account-key.js';
import { type AccountRef, Ledger, type TransferInput } from './service.js';
import { ledgerMembers, ledgerMerchant } from './test/fixture.js';
import { ledgerViolations } from './test/invariants.js';
import { seededRandom } from './test/random.js';

/**
 * The set-based credit batch (one insert of every transfer, one update per account) against the same credits made
 * one `transfer` after another in one transaction: random batches with fresh keys, replayed keys, conflicting keys
 * (the batch then rolls back), keys given twice in a batch, no keys, several accounts on either side. Every answer,
 * account and transfer row (with both balances after) must come out the same.
 */
const BATCHES = 60;
const SEED = Number(process.env.LEDGER_CREDIT_BATCH_SEED ?? 20261128);
const MEMBERS = 5;
const KINDS: TransferKind[] = ['win', 'bonus', 'deposit'];

interface Credit {
  from: number;
  to: number;
  amount: bigint;
  kind: TransferKind;
  key: string | null;
}

interface Side {
  merchant: string;
  members: bigint[];
  createdBy: Map<bigint, string>;
}

const sources = (): AccountRef[] => [
  { kind: 'house', purpose: 'games' },
  { kind: 'house', purpose: 'promotions' },
  { kind: 'channel_in', channel: 'bank' },
];
const targets = (members: bigint[]): AccountRef[] => [
  ...members.map((memberId): AccountRef => ({ kind: 'member_main', memberId })),
  { kind: 'member_bonus', memberId: members[0] as bigint },
  { kind: 'house', purpose: 'promotions' },
];

function plan(random: () => number): { credits: Credit[]; shard: number }[] {
  const int = (n: number) => Math.floor(random() * n);
  const used: Credit[] = [];
  return Array.from({ length: BATCHES }, (_, b) => {
    const credits = Array.from({ length: 1 + int(12) }, (_, i): Credit => {
      const earlier = used[int(used.length)];
      const roll = random();
      if (earlier?.key && roll < 0.1) return earlier;
      if (earlier?.key && roll < 0.13) return { ...earlier, amount: earlier.amount + 1n };
      const from = int(3);
      let to = int(MEMBERS + 2);
      if (from === 1 && to === MEMBERS + 1) to = 0;
      const credit = {
        from,
        to,
        amount: BigInt(1 + int(5000)),
        kind: KINDS[int(KINDS.length)] as TransferKind,
        key: roll < 0.2 ? null : `c${b}.${i}`,
      };
      used.push(credit);
      return credit;
    });
    if (random() < 0.1 && credits[0]) credits.push(credits[0]);
    return { credits, shard: int(SHARDS) };
  });
}

describe('set-based credit batch vs one transfer after another', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it(`answers and writes the same over ${BATCHES} random batches (seed ${SEED})`, { timeout: 120_000 }, async () => {
    const ledger = new Ledger(db.kysely);
    const side = async (merchant: string): Promise<Side> => {
      await ledgerMerchant(db.kysely, merchant);
      return { merchant, members: await ledgerMembers(db.kysely, merchant, MEMBERS), createdBy: new Map() };
    };
    const batched = await side('cb_batched');
    const reference = await side('cb_reference');
    const inputs = (s: Side, credits: Credit[], shard: number): TransferInput[] =>
      credits.map((c) => ({
        merchant: s.merchant,
        from: sources()[c.from] as AccountRef,
        to: targets(s.members)[c.to] as AccountRef,
        amount: c.amount,
        kind: c.kind,
        cause: { type: 'job', id: 'credit-batch' },
        memo: { to: c.to },
        shard,
        ...(c.key === null ? {} : { idempotencyKey: c.key }),
      }));

    for (const [index, { credits, shard }] of plan(seededRandom(SEED)).entries()) {
      const play = async (
        s: Side,
        run: (trx: Parameters<Ledger['creditBatch']>[1], all: TransferInput[]) => Promise<unknown[]>,
      ) => {
        try {
          const receipts = (await db.kysely.transaction().execute((trx) => run(trx, inputs(s, credits, shard)))) as Awaited<
            ReturnType<Ledger['transfer']>
          >[];
          return receipts.map((receipt, i) => {
            if (!receipt.replayed && !s.createdBy.has(receipt.id)) s.createdBy.set(receipt.id, `${index}.${i}`);
            return { createdBy: s.createdBy.get(receipt.id), state: receipt.state, replayed: receipt.replayed };
          });
        } catch (error) {
          if (error instanceof AppError) return error.code;
          throw error;
        }
      };
      const ours = await play(batched, (trx, all) => ledger.creditBatch(all, trx));
      const theirs = await play(reference, async (trx, all) => {
        const receipts = [];
        for (const input of all) receipts.push(await ledger.transfer(input, trx));
        return receipts;
      });
      expect(ours, `batch ${index}`).toEqual(theirs);
    }

    expect(await accountsOf(batched)).toEqual(await accountsOf(reference));
    expect(await transfersOf(batched)).toEqual(await transfersOf(reference));
    expect(await ledgerViolations(db.kysely)).toEqual([]);
  });

  async function accountsOf(s: Side) {
    const { rows } = await sql<{ kind: string; owner_id: bigint | null; ref: string; shard: number; balance: bigint }>`
      SELECT kind, owner_id, ref, shard, balance, held FROM ledger_accounts WHERE merchant_code = ${s.merchant}
      ORDER BY kind, owner_id, ref, shard`.execute(db.kysely);
    return rows.map((r) => ({ ...r, owner_id: r.owner_id === null ? null : s.members.indexOf(r.owner_id) }));
  }

  async function transfersOf(s: Side) {
    const { rows } = await sql<{ id: bigint; debit: string; credit: string }>`
      SELECT t.id, t.idempotency_key, t.amount, t.kind, t.state, t.memo, t.debit_balance_after, t.credit_balance_after,
             t.settled_at IS NOT NULL AS settled,
             concat_ws('/', d.kind, d.owner_id, d.ref, d.shard) AS debit, concat_ws('/', c.kind, c.owner_id, c.ref, c.shard) AS credit
      FROM ledger_transfers t
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
      WHERE t.merchant_code = ${s.merchant} ORDER BY t.id`.execute(db.kysely);
    const member = (text: string) =>
      text.replace(/^(member_\w+)\/(\d+)/, (_, kind: string, owner: string) => `${kind}/m${s.members.indexOf(BigInt(owner))}`);
    return rows.map(({ id, debit, credit, ...rest }) => ({
      createdBy: s.createdBy.get(id),
      debit: member(debit),
      credit: member(credit),
      ...rest,
    }));
  }
});
