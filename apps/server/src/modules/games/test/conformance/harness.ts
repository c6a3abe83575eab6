import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema.js';
import { Ledger } from '../../../ledger/service.js';

/** What a vendor's answer means, in the suite's words (each harness maps its vendor's status codes onto these). */
export type Outcome = 'ok' | 'insufficient_funds' | 'conflict' | 'not_found' | 'refused';

export interface Answer {
  outcome: Outcome;
  /** The balance the vendor was told; null when the answer carried none. */
  balance: bigint | null;
}

export interface Movement {
  txId: string;
  amount: bigint;
  roundId: string;
}

/**
 * How the vendor side misbehaves on one call: `duplicate` sends it twice at once; `timeout-after-commit` drops
 * our committed answer as a timeout and retries the same transaction id.
 */
export type Fault = 'duplicate' | 'timeout-after-commit';

/**
 * One vendor as the conformance suite drives it: every call goes the way the vendor's own calls go (over its
 * wire when it has one), and `ledger` reads the truth from our side, never from the vendor's answers.
 */
export interface ConformanceHarness {
  /** A real-money member with `deposit` minor units in the main wallet. */
  newPlayer(deposit: bigint): Promise<bigint>;
  balance(player: bigint): Promise<Answer>;
  debit(player: bigint, movement: Movement, fault?: Fault): Promise<Answer>;
  credit(player: bigint, movement: Movement, fault?: Fault): Promise<Answer>;
  /** Cancels the debit `txId`. */
  rollback(player: bigint, txId: string): Promise<Answer>;
  /** A debit whose signature is not the vendor's; only for vendors that call over a signed wire. */
  forgedDebit?(player: bigint, movement: Movement): Promise<Answer>;
  ledger: LedgerProbe;
  close(): Promise<void>;
}

export interface LedgerProbe {
  available(player: bigint): Promise<bigint>;
  /** How many ledger transfers touched the player's main wallet (deposits included). */
  transfers(player: bigint): Promise<number>;
}

export function ledgerProbe(db: Kysely<Database>, merchant: string): LedgerProbe {
  const ledger = new Ledger(db);
  return {
    available: async (player) => (await ledger.balanceOf(merchant, { kind: 'member_main', memberId: player })).available,
    async transfers(player) {
      const row = await db
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_accounts as a', (join) =>
          join.on((eb) => eb.or([eb('a.id', '=', eb.ref('t.debit_account_id')), eb('a.id', '=', eb.ref('t.credit_account_id'))])),
        )
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('a.owner_id', '=', player)
        .where('a.kind', '=', 'member_main')
        .where('t.merchant_code', '=', merchant)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
