import type { TransferKind } from '@tessera/contract/api/records';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { isMemberKind, keyOf, keyText } from './account-key.js';
import { type AccountRef, Ledger, type TransferInput } from './service.js';
import { ledgerMembers, ledgerMerchant } from './test/fixture.js';
import { countByKey, ledgerViolations } from './test/invariants.js';

/**
 * Random sequences of transfers, holds, posts, voids and replays against a model of the wallet: every call's
 * outcome must match the model (a refused call changes nothing, a retried key never applies twice), and the
 * tables' invariants must hold afterwards. fast-check prints the seed and the shrunk sequence on failure.
 */
type Op =
  | { t: 'move'; op: 'transfer' | 'hold'; from: number; to: number; amount: bigint; kind: TransferKind; key: number | null }
  | { t: 'settle'; action: 'post' | 'void'; hold: number }
  | { t: 'replay'; of: number; change: Change | null };

/** A retry that differs from the original in one respect: must be refused as a conflict. */
type Change = 'amount' | 'kind' | 'to' | 'operation';

const KINDS: TransferKind[] = ['deposit', 'bet', 'win', 'wallet_transfer', 'withdrawal', 'bonus'];
const KEY_SPACE = 12; // small on purpose: keys get reused with other requests (conflicts) and the same one (replays)

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('move' as const),
      op: fc.constantFrom('transfer' as const, 'hold' as const),
      from: fc.nat({ max: 20 }),
      to: fc.nat({ max: 20 }),
      amount: fc.bigInt({ min: 1n, max: 400n }),
      kind: fc.constantFrom(...KINDS),
      key: fc.option(fc.nat({ max: KEY_SPACE - 1 }), { freq: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('settle' as const),
      action: fc.constantFrom('post' as const, 'void' as const),
      hold: fc.nat({ max: 30 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('replay' as const),
      of: fc.nat({ max: 50 }),
      change: fc.option(fc.constantFrom<Change>('amount', 'kind', 'to', 'operation'), { freq: 2 }),
    }),
  },
);

interface Model {
  accounts: Map<string, { balance: bigint; held: bigint }>;
  keys: Map<string, { signature: string; id: bigint }>;
  holds: { id: bigint; from: string; to: string; amount: bigint; state: 'pending' | 'posted' | 'voided' }[];
  moves: { op: 'transfer' | 'hold'; input: TransferInput }[];
}

describe('ledger properties', () => {
  let db: TestDb;
  let ledger: Ledger;
  let run = 0;
  beforeAll(async () => {
    db = await createTestDb();
    ledger = new Ledger(db.kysely);
  });
  afterAll(() => db.close());

  it('matches the model and keeps every invariant over random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 45 }), async (ops) => {
        run += 1;
        const merchant = await ledgerMerchant(db.kysely, `prop_${run}`);
        const memberIds = await ledgerMembers(db.kysely, merchant, 3);
        const refs = accountPool(memberIds);
        const model: Model = { accounts: new Map(), keys: new Map(), holds: [], moves: [] };
        const account = (ref: AccountRef) => {
          const name = keyText(keyOf(ref));
          const entry = model.accounts.get(name) ?? { balance: 0n, held: 0n };
          model.accounts.set(name, entry);
          return entry;
        };

        for (const op of ops) {
          if (op.t === 'settle') {
            const hold = model.holds[op.hold % Math.max(1, model.holds.length)];
            if (!hold) continue;
            const target = op.action === 'post' ? 'posted' : 'voided';
            const outcome = await attempt(op.action === 'post' ? ledger.post(hold.id) : ledger.void(hold.id));
            if (hold.state === target) expect(outcome).toEqual({ id: hold.id, state: target, replayed: true });
            else if (hold.state !== 'pending') expect(outcome).toBe('ledger.transfer.state');
            else {
              expect(outcome).toEqual({ id: hold.id, state: target, replayed: false });
              const from = model.accounts.get(hold.from) as { balance: bigint; held: bigint };
              from.held -= hold.amount;
              if (target === 'posted') {
                from.balance -= hold.amount;
                (model.accounts.get(hold.to) as { balance: bigint }).balance += hold.amount;
              }
              hold.state = target;
            }
            continue;
          }
          const move =
            op.t === 'replay'
              ? retryOf(model.moves[op.of % Math.max(1, model.moves.length)], op.change, refs)
              : moveOf(op, refs, merchant);
          if (!move) continue;
          const { input } = move;
          const signature = `${move.op}|${keyText(keyOf(input.from))}|${keyText(keyOf(input.to))}|${input.amount}|${input.kind}`;
          const outcome = await attempt(move.op === 'hold' ? ledger.hold(input) : ledger.transfer(input));
          model.moves.push(move);
          const used = input.idempotencyKey ? model.keys.get(input.idempotencyKey) : undefined;
          if (used) {
            if (used.signature !== signature) expect(outcome).toBe('ledger.idempotency.conflict');
            else expect(outcome).toMatchObject({ id: used.id, replayed: true });
            continue;
          }
          const from = account(input.from);
          const to = account(input.to);
          if (isMemberKind(keyOf(input.from).kind) && from.balance - from.held < input.amount) {
            expect(outcome).toBe('wallet.insufficient.funds');
            continue;
          }
          expect(outcome).toMatchObject({ state: move.op === 'hold' ? 'pending' : 'posted', replayed: false });
          const { id } = outcome as { id: bigint };
          if (input.idempotencyKey) model.keys.set(input.idempotencyKey, { signature, id });
          if (move.op === 'hold') {
            from.held += input.amount;
            model.holds.push({
              id,
              from: keyText(keyOf(input.from)),
              to: keyText(keyOf(input.to)),
              amount: input.amount,
              state: 'pending',
            });
          } else {
            from.balance -= input.amount;
            to.balance += input.amount;
          }
        }

        for (const ref of refs) {
          const expected = model.accounts.get(keyText(keyOf(ref))) ?? { balance: 0n, held: 0n };
          expect(await ledger.balanceOf(merchant, ref)).toEqual({ ...expected, available: expected.balance - expected.held });
        }
        const keys = Array.from({ length: KEY_SPACE }, (_, i) => `key-${i}`);
        for (const [key, count] of await countByKey(db.kysely, merchant, keys)) {
          expect(count, key).toBe(model.keys.has(key) ? 1 : 0);
        }
        expect(await ledgerViolations(db.kysely)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});

function accountPool(members: bigint[]): AccountRef[] {
  const [a, b, c] = members as [bigint, bigint, bigint];
  return [
    { kind: 'member_main', memberId: a },
    { kind: 'member_main', memberId: b },
    { kind: 'member_main', memberId: c },
    { kind: 'member_vendor', memberId: a, vendor: 'PG' },
    { kind: 'member_bonus', memberId: b },
    { kind: 'house', purpose: 'games' },
    { kind: 'house', purpose: 'promotions' },
    { kind: 'channel_in', channel: 'bank' },
    { kind: 'channel_out', channel: 'bank' },
  ];
}

function moveOf(op: Extract<Op, { t: 'move' }>, refs: AccountRef[], merchant: string) {
  const from = refs[op.from % refs.length] as AccountRef;
  let to = refs[op.to % refs.length] as AccountRef;
  if (to === from) to = refs[(op.to + 1) % refs.length] as AccountRef;
  const input: TransferInput = {
    merchant,
    from,
    to,
    amount: op.amount,
    kind: op.kind,
    cause: { type: 'job', id: 'property' },
    ...(op.key === null ? {} : { idempotencyKey: `key-${op.key}` }),
  };
  return { op: op.op, input };
}

type Move = ReturnType<typeof moveOf>;

function retryOf(move: Move | undefined, change: Change | null, refs: AccountRef[]): Move | undefined {
  if (!move || change === null) return move;
  const { input } = move;
  switch (change) {
    case 'amount':
      return { op: move.op, input: { ...input, amount: input.amount + 1n } };
    case 'kind':
      return { op: move.op, input: { ...input, kind: input.kind === 'bet' ? 'win' : 'bet' } };
    case 'to': {
      const to = refs.find((ref) => ref !== input.to && ref !== input.from) as AccountRef;
      return { op: move.op, input: { ...input, to } };
    }
    case 'operation':
      return { op: move.op === 'hold' ? 'transfer' : 'hold', input };
  }
}

/** The receipt (without its time), or the error code of an expected refusal. */
async function attempt(call: Promise<{ id: bigint; state: string; replayed: boolean }>) {
  try {
    const { id, state, replayed } = await call;
    return { id, state, replayed };
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}
