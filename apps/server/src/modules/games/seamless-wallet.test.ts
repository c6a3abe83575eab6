import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { AppError } from '../../platform/app-error.js';
import { createTestApp } from '../../test/test-app.js';
import { fundedMember } from '../house-vendor/test/kit.js';
import { Ledger } from '../ledger/service.js';
import type { LedgerSeamlessWallet } from './seamless-wallet.js';
import type { VendorMovement } from './vendor.js';

const VENDOR = 'TEST_VENDOR';

describe('seamless wallet on the ledger', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let wallet: LedgerSeamlessWallet;
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );
  const movement = (memberId: bigint, amount: bigint, txId = randomUUID()): VendorMovement => ({
    merchant: DEMO_MERCHANT,
    vendor: VENDOR,
    memberId,
    txId,
    amount,
    roundId: `r-${txId}`,
    gameCode: 'LIVE_BACCARAT',
    gameCategory: 'LIVE',
  });

  beforeAll(async () => {
    t = await createTestApp();
    wallet = t.services.seamlessWallet;
  });
  afterAll(() => t.close());

  it('debits and credits once per transaction id, answering the balance every time', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    expect(await wallet.balance(DEMO_MERCHANT, member.id)).toEqual({ balance: 10_000n, playMoney: false });
    const bet = movement(member.id, 3000n);
    expect(await wallet.debit(bet)).toEqual({ balance: 7000n, replayed: false });
    expect(await wallet.debit(bet)).toEqual({ balance: 7000n, replayed: true });
    const win = movement(member.id, 5000n);
    expect(await wallet.credit(win)).toEqual({ balance: 12_000n, replayed: false });
    expect(await wallet.credit(win)).toEqual({ balance: 12_000n, replayed: true });
    expect(await wallet.credit(movement(member.id, 0n))).toEqual({ balance: 12_000n, replayed: false });
    // The same id for another amount or operation is refused.
    expect(await codeOf(wallet.debit({ ...bet, amount: 1n }))).toBe('vendor.tx.conflict');
    expect(await codeOf(wallet.credit({ ...bet }))).toBe('vendor.tx.conflict');
    const memo = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('memo')
      .where('idempotency_key', '=', `vendor:${VENDOR}:${bet.txId}`)
      .executeTakeFirstOrThrow();
    expect(memo.memo).toEqual({
      gameCategory: 'LIVE',
      validBet: 3000,
      vendor: VENDOR,
      gameCode: 'LIVE_BACCARAT',
      roundId: bet.roundId,
    });
  });

  it('refuses a debit above the balance and lets the same id succeed later', async () => {
    const member = await fundedMember(t.db.kysely, 1000n);
    const bet = movement(member.id, 1500n);
    expect(await codeOf(wallet.debit(bet))).toBe('wallet.insufficient.funds');
    await new Ledger(t.db.kysely).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'channel_in', channel: 'test' },
      to: { kind: 'member_main', memberId: member.id },
      amount: 1000n,
      kind: 'deposit',
      cause: { type: 'gateway', id: randomUUID() },
    });
    expect(await wallet.debit(bet)).toEqual({ balance: 500n, replayed: false });
  });

  it('rolls a debit back once, and refuses to roll back a credit', async () => {
    const member = await fundedMember(t.db.kysely, 5000n);
    const bet = movement(member.id, 2000n);
    await wallet.debit(bet);
    const rollback = { merchant: DEMO_MERCHANT, vendor: VENDOR, txId: bet.txId, memberId: member.id };
    expect(await wallet.rollback(rollback)).toEqual({ found: true, replayed: false, balance: 5000n });
    expect(await wallet.rollback(rollback)).toEqual({ found: true, replayed: true, balance: 5000n });
    // A retried debit after its rollback is answered, not applied again.
    expect(await wallet.debit(bet)).toEqual({ balance: 5000n, replayed: true });
    const win = movement(member.id, 100n);
    await wallet.credit(win);
    expect(await codeOf(wallet.rollback({ ...rollback, txId: win.txId }))).toBe('vendor.tx.conflict');
  });

  it('records a rollback of an unknown transaction so the late debit is refused', async () => {
    const member = await fundedMember(t.db.kysely, 5000n);
    const bet = movement(member.id, 2000n);
    const rollback = { merchant: DEMO_MERCHANT, vendor: VENDOR, txId: bet.txId, memberId: member.id };
    expect(await wallet.rollback(rollback)).toEqual({ found: false, replayed: false, balance: 5000n });
    expect(await wallet.rollback(rollback)).toEqual({ found: false, replayed: true, balance: 5000n });
    expect(await codeOf(wallet.debit(bet))).toBe('vendor.tx.conflict');
    expect((await wallet.balance(DEMO_MERCHANT, member.id)).balance).toBe(5000n);
  });

  it('applies a transaction id once when the same debit arrives many times at once', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const bet = movement(member.id, 1000n);
    const answers = await Promise.all(Array.from({ length: 12 }, () => wallet.debit(bet)));
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect((await wallet.balance(DEMO_MERCHANT, member.id)).balance).toBe(9000n);
  });

  it('never overdraws under concurrent debits, and a rollback racing its debit settles one way', async () => {
    const member = await fundedMember(t.db.kysely, 10_000n);
    const bets = Array.from({ length: 20 }, () => movement(member.id, 1000n));
    const results = await Promise.all(bets.map((bet) => codeOf(wallet.debit(bet))));
    expect(results.filter((code) => code === 'ok')).toHaveLength(10);
    expect(results.filter((code) => code === 'wallet.insufficient.funds')).toHaveLength(10);
    expect((await wallet.balance(DEMO_MERCHANT, member.id)).balance).toBe(0n);

    const rich = await fundedMember(t.db.kysely, 10_000n);
    const racing = movement(rich.id, 4000n);
    const [debit, rollback] = await Promise.all([
      codeOf(wallet.debit(racing)),
      wallet.rollback({ merchant: DEMO_MERCHANT, vendor: VENDOR, txId: racing.txId, memberId: rich.id }),
    ]);
    // Either the rollback came first (debit refused) or the debit was rolled back: never money lost.
    expect(debit === 'vendor.tx.conflict' || rollback.found).toBe(true);
    expect((await wallet.balance(DEMO_MERCHANT, rich.id)).balance).toBe(10_000n);
  });
});
