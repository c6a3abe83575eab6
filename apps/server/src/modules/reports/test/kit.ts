import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import { Ledger } from '../../ledger/service.js';
import { readRollup } from '../rollup-repo.js';
import type { ReportsService } from '../service.js';

/** Money moves as the deposit, game and withdrawal modules make them, straight through the ledger. */
export function moneyMoves(db: Kysely<Database>) {
  const ledger = new Ledger(db);
  const base = { merchant: DEMO_MERCHANT, cause: { type: 'member' as const, id: 'test' } };
  const member = (memberId: bigint) => ({ kind: 'member_main' as const, memberId });
  const house = { kind: 'house' as const, purpose: 'games' as const };
  const game = (vendor: string, gameCode: string) => ({ vendor, gameCode, gameCategory: 'SLOT', roundId: '1', validBet: 0 });
  const key = () => `report-test:${randomUUID()}`;
  return {
    ledger,
    deposit: (memberId: bigint, amount: bigint, trx?: Transaction<Database>) =>
      ledger.transfer(
        {
          ...base,
          from: { kind: 'channel_in', channel: 'TEST' },
          to: member(memberId),
          amount,
          kind: 'deposit',
          idempotencyKey: key(),
        },
        trx,
      ),
    bet: (memberId: bigint, amount: bigint, vendor: string, gameCode: string, trx?: Transaction<Database>) =>
      ledger.transfer(
        { ...base, from: member(memberId), to: house, amount, kind: 'bet', memo: game(vendor, gameCode), idempotencyKey: key() },
        trx,
      ),
    win: (memberId: bigint, amount: bigint, vendor: string, gameCode: string, kind: 'win' | 'refund' = 'win') =>
      ledger.transfer({
        ...base,
        from: house,
        to: member(memberId),
        amount,
        kind,
        memo: game(vendor, gameCode),
        idempotencyKey: key(),
      }),
    withdrawalHold: (memberId: bigint, amount: bigint) =>
      ledger.hold({
        ...base,
        from: member(memberId),
        to: { kind: 'channel_out', channel: 'BANK' },
        amount,
        kind: 'withdrawal',
        idempotencyKey: key(),
      }),
  };
}

/** Roll-ups until the summaries hold everything (a roll-up first notes the newest ids, a later one takes them). */
export async function rollUpAll(db: Kysely<Database>, reports: ReportsService): Promise<void> {
  for (let run = 0; run < 10; run += 1) {
    await db.transaction().execute((trx) => reports.rollUp(trx));
    const state = await readRollup(db);
    if (state.transfers_to === state.candidate_transfers && state.members_to === state.candidate_members) return;
  }
  throw new Error('the roll-up did not catch up in 10 runs');
}
