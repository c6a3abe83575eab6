import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { type AccountRef, LEDGER_CHANNEL, Ledger, type TransferInput } from './service.js';
import { ledgerMembers, ledgerMerchant } from './test/fixture.js';
import { ledgerViolations } from './test/invariants.js';

const M = 'ledger_unit';
const HOUSE: AccountRef = { kind: 'house', purpose: 'games' };
const BANK: AccountRef = { kind: 'channel_in', channel: 'bank' };
const PAYOUT: AccountRef = { kind: 'channel_out', channel: 'bank' };
const main = (memberId: bigint): AccountRef => ({ kind: 'member_main', memberId });
const cause = { type: 'operator', id: 'test' } as const;

describe('ledger', () => {
  let db: TestDb;
  let ledger: Ledger;
  let members: bigint[];
  let nextMember = 0;
  /** A member with `amount` deposited from the bank channel. */
  const funded = async (amount: bigint) => {
    const id = members[nextMember++] as bigint;
    if (amount > 0n) await ledger.transfer({ merchant: M, from: BANK, to: main(id), amount, kind: 'deposit', cause });
    return id;
  };
  const transferCount = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof AppError ? `${error.status} ${error.code}` : String(error)),
    );

  beforeAll(async () => {
    db = await createTestDb();
    await ledgerMerchant(db.kysely, M);
    members = await ledgerMembers(db.kysely, M, 24);
    ledger = new Ledger(db.kysely);
  });
  afterAll(async () => {
    expect(await ledgerViolations(db.kysely)).toEqual([]);
    await db.close();
  });

  it('moves money from one account to another and records both balances after', async () => {
    const member = await funded(0n);
    const receipt = await ledger.transfer({ merchant: M, from: BANK, to: main(member), amount: 1500n, kind: 'deposit', cause });
    expect(receipt).toMatchObject({ state: 'posted', replayed: false });
    expect(await ledger.balanceOf(M, main(member))).toEqual({ balance: 1500n, held: 0n, available: 1500n });
    const row = await db.kysely.selectFrom('ledger_transfers').selectAll().where('id', '=', receipt.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: 1500n, kind: 'deposit', state: 'posted', credit_balance_after: 1500n, cause_id: 'test' });
    expect(row.settled_at).toBeInstanceOf(Date);
  });

  it('shows 0s for an account that was never used', async () => {
    expect(await ledger.balanceOf(M, { kind: 'member_bonus', memberId: members[23] as bigint })).toEqual({
      balance: 0n,
      held: 0n,
      available: 0n,
    });
  });

  it('refuses a transfer above the available amount with a 4xx code and writes nothing', async () => {
    const member = await funded(100n);
    const before = await transferCount();
    const bet: TransferInput = { merchant: M, from: main(member), to: HOUSE, amount: 101n, kind: 'bet', cause };
    expect(await codeOf(ledger.transfer(bet))).toBe('400 wallet.insufficient.funds');
    expect(await codeOf(ledger.hold(bet))).toBe('400 wallet.insufficient.funds');
    const stranger = members[22] as bigint;
    expect(await codeOf(ledger.transfer({ ...bet, from: main(stranger), amount: 1n }))).toBe('400 wallet.insufficient.funds');
    expect(await transferCount()).toBe(before);
    expect(await ledger.balanceOf(M, main(member))).toEqual({ balance: 100n, held: 0n, available: 100n });
    await ledger.transfer({ ...bet, amount: 100n });
    expect(await ledger.balanceOf(M, main(member))).toEqual({ balance: 0n, held: 0n, available: 0n });
  });

  it("leaves the caller's transaction usable after a refused transfer inside it", async () => {
    const member = await funded(50n);
    await db.kysely.transaction().execute(async (trx) => {
      const refused = ledger.transfer({ merchant: M, from: main(member), to: HOUSE, amount: 80n, kind: 'bet', cause }, trx);
      expect(await codeOf(refused)).toBe('400 wallet.insufficient.funds');
      await ledger.transfer({ merchant: M, from: main(member), to: HOUSE, amount: 30n, kind: 'bet', cause }, trx);
    });
    expect((await ledger.balanceOf(M, main(member))).balance).toBe(20n);
  });

  it('holds money for a withdrawal, then posts it once', async () => {
    const member = await funded(1000n);
    const payoutBefore = await ledger.balanceOf(M, PAYOUT);
    const hold = await ledger.hold({ merchant: M, from: main(member), to: PAYOUT, amount: 300n, kind: 'withdrawal', cause });
    expect(hold).toMatchObject({ state: 'pending', replayed: false });
    expect(await ledger.balanceOf(M, main(member))).toEqual({ balance: 1000n, held: 300n, available: 700n });
    expect(await codeOf(ledger.transfer({ merchant: M, from: main(member), to: HOUSE, amount: 701n, kind: 'bet', cause }))).toBe(
      '400 wallet.insufficient.funds',
    );
    expect(await ledger.post(hold.id)).toMatchObject({ id: hold.id, state: 'posted', replayed: false });
    expect(await ledger.post(hold.id)).toMatchObject({ id: hold.id, state: 'posted', replayed: true });
    expect(await codeOf(ledger.void(hold.id))).toBe('409 ledger.transfer.state');
    expect(await ledger.balanceOf(M, main(member))).toEqual({ balance: 700n, held: 0n, available: 700n });
    expect((await ledger.balanceOf(M, PAYOUT)).balance - payoutBefore.balance).toBe(300n);
  });

  it('voids a hold once, making the money available again', async () => {
    const member = await funded(500n);
    const hold = await ledger.hold({ merchant: M, from: main(member), to: PAYOUT, amount: 500n, kind: 'withdrawal', cause });
    expect(await ledger.balanceOf(M, main(member))).toEqual({ balance: 500n, held: 500n, available: 0n });
    expect(await ledger.void(hold.id)).toMatchObject({ state: 'voided', replayed: false });
    expect(await ledger.void(hold.id)).toMatchObject({ state: 'voided', replayed: true });
    expect(await codeOf(ledger.post(hold.id))).toBe('409 ledger.transfer.state');
    expect(await ledger.balanceOf(M, main(member))).toEqual({ balance: 500n, held: 0n, available: 500n });
    expect(await codeOf(ledger.post(999_999_999n))).toBe('404 ledger.transfer.not.found');
  });

  it('settles a hold exactly once when post and void race', async () => {
    const member = await funded(400n);
    const hold = await ledger.hold({ merchant: M, from: main(member), to: PAYOUT, amount: 400n, kind: 'withdrawal', cause });
    const outcomes = await Promise.all([ledger.post(hold.id), ledger.void(hold.id), ledger.post(hold.id)].map(codeOf));
    const balance = await ledger.balanceOf(M, main(member));
    expect(balance.held).toBe(0n);
    if (balance.balance === 0n) expect(outcomes).toEqual(['ok', '409 ledger.transfer.state', 'ok']);
    else expect(outcomes).toEqual(['409 ledger.transfer.state', 'ok', '409 ledger.transfer.state']);
  });

  it('applies an idempotency key once and answers a retry with the original receipt', async () => {
    const member = await funded(0n);
    const win: TransferInput = {
      merchant: M,
      from: HOUSE,
      to: main(member),
      amount: 250n,
      kind: 'win',
      cause,
      idempotencyKey: 'win-1',
    };
    const first = await ledger.transfer(win);
    const retry = await ledger.transfer({ ...win, memo: { note: 'retried' } });
    expect(retry).toEqual({ ...first, replayed: true });
    expect((await ledger.balanceOf(M, main(member))).balance).toBe(250n);
  });

  it('refuses a key reused for a different transfer', async () => {
    const member = await funded(1000n);
    const bet: TransferInput = {
      merchant: M,
      from: main(member),
      to: HOUSE,
      amount: 10n,
      kind: 'bet',
      cause,
      idempotencyKey: 'bet-x',
    };
    await ledger.transfer(bet);
    for (const other of [
      { ...bet, amount: 11n },
      { ...bet, kind: 'refund' as const },
      { ...bet, to: BANK },
    ]) {
      expect(await codeOf(ledger.transfer(other))).toBe('409 ledger.idempotency.conflict');
    }
    expect(await codeOf(ledger.hold(bet))).toBe('409 ledger.idempotency.conflict');
    expect((await ledger.balanceOf(M, main(member))).balance).toBe(990n);
  });

  it('replays a key even when the money has since been spent', async () => {
    const member = await funded(100n);
    const bet: TransferInput = {
      merchant: M,
      from: main(member),
      to: HOUSE,
      amount: 100n,
      kind: 'bet',
      cause,
      idempotencyKey: 'bet-all',
    };
    const first = await ledger.transfer(bet);
    expect(await ledger.transfer(bet)).toEqual({ ...first, replayed: true });
  });

  it('posts one of several simultaneous requests with the same key and replays the rest', async () => {
    const member = await funded(1000n);
    const bet: TransferInput = {
      merchant: M,
      from: main(member),
      to: HOUSE,
      amount: 600n,
      kind: 'bet',
      cause,
      idempotencyKey: 'bet-race',
    };
    const receipts = await Promise.all(Array.from({ length: 6 }, () => ledger.transfer(bet)));
    expect(new Set(receipts.map((r) => r.id)).size).toBe(1);
    expect(receipts.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await ledger.balanceOf(M, main(member))).balance).toBe(400n);
  });

  it('lets house accounts go negative, spread over shards, and keeps the sum at zero', async () => {
    const member = await funded(0n);
    const promotions: AccountRef = { kind: 'house', purpose: 'promotions' };
    for (let i = 0; i < 40; i += 1) {
      await ledger.transfer({
        merchant: M,
        from: promotions,
        to: { kind: 'member_bonus', memberId: member },
        amount: 5n,
        kind: 'bonus',
        cause,
      });
    }
    expect(await ledger.balanceOf(M, promotions)).toEqual({ balance: -200n, held: 0n, available: -200n });
    const shards = await db.kysely
      .selectFrom('ledger_accounts')
      .select('shard')
      .where('merchant_code', '=', M)
      .where('kind', '=', 'house')
      .where('ref', '=', 'promotions')
      .execute();
    expect(shards.length).toBeGreaterThan(1);
    expect(await ledgerViolations(db.kysely)).toEqual([]);
  });

  it('keeps each merchant balanced on its own', async () => {
    const other = await ledgerMerchant(db.kysely, 'ledger_other');
    const [otherMember] = await ledgerMembers(db.kysely, other, 1);
    await ledger.transfer({ merchant: other, from: BANK, to: main(otherMember as bigint), amount: 77n, kind: 'deposit', cause });
    expect((await ledger.balanceOf(other, BANK)).balance).toBe(-77n);
    expect(await ledgerViolations(db.kysely)).toEqual([]);
  });

  it('notifies on commit for each member touched, and not for a refused transfer', async () => {
    const payloads: string[] = [];
    await db.subscribe(LEDGER_CHANNEL, { onMessage: (p) => payloads.push(p), onReset: () => undefined });
    const member = await funded(0n);
    const refused = ledger.transfer({ merchant: M, from: main(member), to: HOUSE, amount: 1n, kind: 'bet', cause });
    expect(await codeOf(refused)).toBe('400 wallet.insufficient.funds');
    await ledger.transfer({ merchant: M, from: HOUSE, to: main(member), amount: 9n, kind: 'win', cause });
    await ledger.transfer({
      merchant: M,
      from: main(member),
      to: { kind: 'member_vendor', memberId: member, vendor: 'PG' },
      amount: 9n,
      kind: 'wallet_transfer',
      cause,
    });
    const mine = () => payloads.filter((p) => JSON.parse(p).memberId === String(member));
    await expect.poll(() => mine().length, { timeout: 5000 }).toBe(2);
    expect(JSON.parse(mine()[0] as string)).toEqual({ merchant: M, memberId: String(member) });
  });

  it('rejects malformed calls as programming errors', async () => {
    const member = members[21] as bigint;
    const base: TransferInput = { merchant: M, from: HOUSE, to: main(member), amount: 1n, kind: 'win', cause };
    await expect(ledger.transfer({ ...base, amount: 0n })).rejects.toThrow(RangeError);
    await expect(ledger.transfer({ ...base, to: { kind: 'house', purpose: 'games' } })).rejects.toThrow(RangeError);
    await expect(ledger.transfer({ ...base, to: { kind: 'member_main', memberId: -1n } })).rejects.toThrow(RangeError);
  });
});
