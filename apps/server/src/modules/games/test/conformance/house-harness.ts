import { DEMO_MERCHANT } from '../../../../db/seed/demo-merchant.js';
import { AppError } from '../../../../platform/app-error.js';
import { createTestApp } from '../../../../test/test-app.js';
import { HOUSE_SLOT_VENDOR } from '../../../house-vendor/games.js';
import { fundedMember } from '../../../house-vendor/test/kit.js';
import type { VendorReceipt } from '../../vendor.js';
import { type Answer, type ConformanceHarness, type Fault, ledgerProbe, type Movement, type Outcome } from './harness.js';

const OUTCOME_OF_CODE: Partial<Record<AppError['code'], Outcome>> = {
  'wallet.insufficient.funds': 'insufficient_funds',
  'vendor.tx.conflict': 'conflict',
};

/**
 * The house vendor in process: its games run on this server, so its "wire" is a direct call of the seamless
 * wallet under the house's vendor code. Faults are played by the caller: a duplicate is two calls at once, a
 * lost answer is a call whose result is dropped before the retry.
 */
export async function houseHarness(): Promise<ConformanceHarness> {
  const t = await createTestApp();
  const wallet = t.services.seamlessWallet;
  const balanceOf = async (player: bigint) => (await wallet.balance(DEMO_MERCHANT, player)).balance;

  const call = async (
    player: bigint,
    work: () => Promise<VendorReceipt & { found?: boolean }>,
    fault?: Fault,
  ): Promise<Answer> => {
    try {
      if (fault === 'duplicate') await Promise.all([work(), work()]);
      if (fault === 'timeout-after-commit') await work();
      const receipt = await work();
      return { outcome: receipt.found === false ? 'not_found' : 'ok', balance: receipt.balance };
    } catch (error) {
      const outcome = error instanceof AppError ? OUTCOME_OF_CODE[error.code] : undefined;
      if (!outcome) throw error;
      return { outcome, balance: await balanceOf(player) };
    }
  };
  const movementOf = (player: bigint, m: Movement) => ({
    merchant: DEMO_MERCHANT,
    vendor: HOUSE_SLOT_VENDOR,
    memberId: player,
    txId: m.txId,
    amount: m.amount,
    roundId: m.roundId,
    gameCode: 'TS_LOTUS_FORTUNE',
    gameCategory: 'RNG',
  });

  return {
    newPlayer: async (deposit) => (await fundedMember(t.db.kysely, deposit)).id,
    balance: async (player) => ({ outcome: 'ok', balance: await balanceOf(player) }),
    debit: (player, m, fault) => call(player, () => wallet.debit(movementOf(player, m)), fault),
    credit: (player, m, fault) => call(player, () => wallet.credit(movementOf(player, m)), fault),
    rollback: (player, txId) =>
      call(player, () => wallet.rollback({ merchant: DEMO_MERCHANT, vendor: HOUSE_SLOT_VENDOR, txId, memberId: player })),
    ledger: ledgerProbe(t.db.kysely, DEMO_MERCHANT),
    close: () => t.close(),
  };
}
