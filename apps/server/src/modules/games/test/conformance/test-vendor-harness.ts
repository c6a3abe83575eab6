import { DEMO_MERCHANT } from '../../../../db/seed/demo-merchant.js';
import { fundedMember } from '../../../house-vendor/test/kit.js';
import { type Answer, type ConformanceHarness, type Fault, ledgerProbe, type Movement, type Outcome } from './harness.js';
import { startWithTestVendor } from './test-vendor-process.js';

const OUTCOME_OF_STATUS: Record<string, Outcome> = {
  OK: 'ok',
  INSUFFICIENT_FUNDS: 'insufficient_funds',
  TX_CONFLICT: 'conflict',
  TX_NOT_FOUND: 'not_found',
  INVALID_SIGNATURE: 'refused',
};

const GAME = 'TESTV_COIN_FLIP';

/** TESTV over HTTP: each call is made by the vendor process itself (its control endpoint), signed and retried as it does. */
export async function testVendorHarness(): Promise<ConformanceHarness> {
  const { t, vendor, close } = await startWithTestVendor();

  const call = async (op: string, fields: Record<string, string>, fault?: Fault | 'bad-signature'): Promise<Answer> => {
    const result = (await vendor.control('/control/call', {
      op,
      operatorId: DEMO_MERCHANT,
      ...fields,
      ...(fault ? { fault } : {}),
    })) as {
      reply: { status?: string; balance?: string } | null;
    };
    const status = result.reply?.status ?? 'NO_ANSWER';
    const outcome = OUTCOME_OF_STATUS[status];
    if (!outcome) throw new Error(`TESTV got ${status} for ${op}`);
    return { outcome, balance: result.reply?.balance === undefined ? null : BigInt(result.reply.balance) };
  };
  const movementFields = (player: bigint, m: Movement) => ({
    playerId: player.toString(),
    txId: m.txId,
    amount: m.amount.toString(),
    roundId: m.roundId,
    gameCode: GAME,
  });

  return {
    newPlayer: async (deposit) => (await fundedMember(t.db.kysely, deposit)).id,
    balance: (player) => call('balance', { playerId: player.toString() }),
    debit: (player, m, fault) => call('debit', movementFields(player, m), fault),
    credit: (player, m, fault) => call('credit', movementFields(player, m), fault),
    rollback: (player, txId) => call('rollback', { playerId: player.toString(), txId: `rb-${txId}`, refTxId: txId }),
    forgedDebit: (player, m) => call('debit', movementFields(player, m), 'bad-signature'),
    ledger: ledgerProbe(t.db.kysely, DEMO_MERCHANT),
    close,
  };
}
