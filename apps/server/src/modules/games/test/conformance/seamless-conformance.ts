import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceHarness, Movement } from './harness.js';

export interface ConformanceOptions {
  /** The vendor calls over a signed wire: the forged-signature case applies. */
  signed: boolean;
}

const movement = (amount: bigint): Movement => {
  const id = randomUUID();
  return { txId: `tx-${id}`, amount, roundId: `round-${id}` };
};

/**
 * The seamless-wallet conformance suite: every adapter must pass it, against its vendor's real
 * wire where it has one. Each case starts from a fresh player and checks the answers the vendor sees and the
 * ledger's own truth (balance, number of transfers).
 */
export function runSeamlessConformance(
  name: string,
  makeHarness: () => Promise<ConformanceHarness>,
  options: ConformanceOptions,
) {
  describe(`seamless-wallet conformance: ${name}`, () => {
    let h: ConformanceHarness;
    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(() => h?.close());

    it('answers the balance', async () => {
      const player = await h.newPlayer(10_000n);
      expect(await h.balance(player)).toEqual({ outcome: 'ok', balance: 10_000n });
    });

    it('debits and credits, answering the new balance each time', async () => {
      const player = await h.newPlayer(10_000n);
      expect(await h.debit(player, movement(3000n))).toEqual({ outcome: 'ok', balance: 7000n });
      expect(await h.credit(player, movement(5000n))).toEqual({ outcome: 'ok', balance: 12_000n });
      expect(await h.ledger.available(player)).toBe(12_000n);
      expect(await h.ledger.transfers(player)).toBe(3);
    });

    it('moves money once when the same debit is retried, and answers the same', async () => {
      const player = await h.newPlayer(10_000n);
      const bet = movement(2500n);
      expect(await h.debit(player, bet)).toEqual({ outcome: 'ok', balance: 7500n });
      expect(await h.debit(player, bet)).toEqual({ outcome: 'ok', balance: 7500n });
      expect(await h.ledger.transfers(player)).toBe(2);
    });

    it('moves money once when duplicates of a debit and a credit arrive at the same time', async () => {
      const player = await h.newPlayer(10_000n);
      const bet = movement(1000n);
      const answers = await Promise.all(Array.from({ length: 6 }, () => h.debit(player, bet)));
      expect(answers).toEqual(Array.from({ length: 6 }, () => ({ outcome: 'ok', balance: 9000n })));
      expect(await h.debit(player, movement(1000n), 'duplicate')).toEqual({ outcome: 'ok', balance: 8000n });
      expect(await h.credit(player, movement(4000n), 'duplicate')).toEqual({ outcome: 'ok', balance: 12_000n });
      expect(await h.ledger.available(player)).toBe(12_000n);
      expect(await h.ledger.transfers(player)).toBe(4);
    });

    it('rolls back a known debit once, however often the rollback comes', async () => {
      const player = await h.newPlayer(10_000n);
      const bet = movement(4000n);
      await h.debit(player, bet);
      expect(await h.rollback(player, bet.txId)).toEqual({ outcome: 'ok', balance: 10_000n });
      expect(await h.rollback(player, bet.txId)).toEqual({ outcome: 'ok', balance: 10_000n });
      // A late retry of the cancelled debit is answered, never applied again.
      expect(await h.debit(player, bet)).toEqual({ outcome: 'ok', balance: 10_000n });
      expect(await h.ledger.available(player)).toBe(10_000n);
      expect(await h.ledger.transfers(player)).toBe(3);
    });

    it('records a rollback of an unknown transaction and refuses the late debit', async () => {
      const player = await h.newPlayer(10_000n);
      const bet = movement(4000n);
      expect(await h.rollback(player, bet.txId)).toEqual({ outcome: 'not_found', balance: 10_000n });
      expect(await h.debit(player, bet)).toEqual({ outcome: 'conflict', balance: 10_000n });
      expect(await h.ledger.transfers(player)).toBe(1);
    });

    it('pays a credit after a rollback only under its own id, never under the cancelled debit id', async () => {
      const player = await h.newPlayer(10_000n);
      const bet = movement(3000n);
      await h.debit(player, bet);
      await h.rollback(player, bet.txId);
      expect(await h.credit(player, { ...bet, amount: 6000n })).toEqual({ outcome: 'conflict', balance: 10_000n });
      expect(await h.credit(player, { ...movement(500n), roundId: bet.roundId })).toEqual({ outcome: 'ok', balance: 10_500n });
      expect(await h.ledger.transfers(player)).toBe(4);
    });

    it('refuses a debit above the balance and writes nothing, so the same id may succeed later', async () => {
      const player = await h.newPlayer(1000n);
      const bet = movement(1500n);
      expect(await h.debit(player, bet)).toEqual({ outcome: 'insufficient_funds', balance: 1000n });
      expect(await h.ledger.transfers(player)).toBe(1);
      await h.credit(player, movement(1000n));
      expect(await h.debit(player, bet)).toEqual({ outcome: 'ok', balance: 500n });
    });

    it('moves money once when the answer to a committed debit or credit is lost and the vendor retries', async () => {
      const player = await h.newPlayer(10_000n);
      expect(await h.debit(player, movement(2000n), 'timeout-after-commit')).toEqual({ outcome: 'ok', balance: 8000n });
      expect(await h.credit(player, movement(3000n), 'timeout-after-commit')).toEqual({ outcome: 'ok', balance: 11_000n });
      expect(await h.ledger.available(player)).toBe(11_000n);
      expect(await h.ledger.transfers(player)).toBe(3);
    });

    // An in-process vendor has no wire to forge (CI refuses skipped tests, so the case is not declared at all).
    if (options.signed) {
      it('refuses a request with a bad signature and writes nothing', async () => {
        const player = await h.newPlayer(10_000n);
        const bet = movement(2000n);
        expect(await h.forgedDebit?.(player, bet)).toEqual({ outcome: 'refused', balance: null });
        expect(await h.ledger.transfers(player)).toBe(1);
        // Nothing was recorded under the id: the genuine debit goes through.
        expect(await h.debit(player, bet)).toEqual({ outcome: 'ok', balance: 8000n });
      });
    }

    it("neither moves nor shows another player's money under that player's transaction id", async () => {
      const alice = await h.newPlayer(10_000n);
      const bob = await h.newPlayer(500n);
      const bet = movement(4000n);
      await h.debit(alice, bet);
      expect(await h.debit(bob, { ...bet, amount: 400n })).toEqual({ outcome: 'conflict', balance: 500n });
      expect(await h.debit(bob, bet)).toEqual({ outcome: 'conflict', balance: 500n });
      expect(await h.rollback(bob, bet.txId)).toEqual({ outcome: 'conflict', balance: 500n });
      expect(await h.ledger.available(alice)).toBe(6000n);
      expect(await h.ledger.available(bob)).toBe(500n);
      expect(await h.ledger.transfers(bob)).toBe(1);
    });
  });
}
