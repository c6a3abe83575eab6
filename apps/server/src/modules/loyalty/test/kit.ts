import { randomUUID } from 'node:crypto';
import type { VipLevelSettings, VipSettings } from '@tessera/contract/loyalty-settings';
import { vi } from 'vitest';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import type { Services } from '../../../services.js';
import type { AuditActor } from '../../audit-log/service.js';

export const STAFF: AuditActor = { actor: 'ops', kind: 'staff', ip: null };
export const LANGUAGE = { requested: 'en', fallback: 'bn' };
export const LOTUS = 'TS_LOTUS_FORTUNE';

export const level = (
  name: string,
  minValidBetMinor: string,
  keepValidBetMinor: string,
  extra: Partial<VipLevelSettings> = {},
) => ({
  name,
  minDepositMinor: '0',
  minValidBetMinor,
  qualifyBy: 'all' as const,
  keepValidBetMinor,
  upgradeBonusMinor: '0',
  monthlyBonusMinor: '0',
  cashbackExtraBasisPoints: 0,
  withdrawalDailyMaxMinor: '0',
  ...extra,
});

/** VIP1 at 30.00 of valid bets (upgrade bonus 5.00, monthly 2.00), VIP2 at 1,000.00 (upgrade bonus 7.00). */
export const TEST_VIP: VipSettings = {
  windowDays: 30,
  levels: [
    level('VIP0', '0', '0'),
    level('VIP1', '3000', '1000', { upgradeBonusMinor: '500', monthlyBonusMinor: '200' }),
    level('VIP2', '100000', '50000', { upgradeBonusMinor: '700' }),
  ],
};

export const spin = (services: Services, memberId: bigint, bet: bigint) =>
  services.houseVendor.spin(DEMO_MERCHANT, memberId, { gameCode: LOTUS, bet: bet.toString(), clientRoundId: randomUUID() });

/** Waits until the member's ledger moves up to the latest have been counted (the tracker hears each commit). */
export async function counted(services: Services, memberId: bigint): Promise<void> {
  const latest = await services.db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_transfers.debit_account_id')
    .select((eb) => eb.fn.max('ledger_transfers.id').as('id'))
    .where('ledger_accounts.owner_id', '=', memberId)
    .where('ledger_accounts.kind', '=', 'member_main')
    .where('ledger_transfers.kind', '=', 'bet')
    .executeTakeFirst();
  const through = BigInt(latest?.id ?? 0);
  await vi.waitFor(
    async () => {
      const row = await services.db
        .selectFrom('loyalty_members')
        .select('counted_through')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if ((row?.counted_through ?? 0n) < through) throw new Error('not counted yet');
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Gives a member points straight from the house's points account (a test's grant). */
export async function grantPoints(services: Services, memberId: bigint, points: bigint) {
  await services.ledger.transfer({
    merchant: DEMO_MERCHANT,
    from: { kind: 'house', purpose: 'points' },
    to: { kind: 'member_points', memberId },
    amount: points,
    kind: 'points',
    cause: { type: 'operator', id: 'test' },
    memo: { pointsType: 'earn' },
  });
}

export const pointsOf = async (services: Services, memberId: bigint) =>
  (await services.ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_points', memberId })).available;

export const mallItem = (overrides: Record<string, unknown> = {}) => ({
  names: { en: 'Team jersey', bn: 'দলের জার্সি' },
  image: null,
  pointsPrice: '100',
  stock: 5,
  perMemberLimit: null as number | null,
  active: true,
  ...overrides,
});

/** A bet as the games module records it, backdated past the cashback's one-minute settling lag. */
export async function settledBet(services: Services, memberId: bigint, category: string, amount: bigint) {
  const receipt = await services.ledger.transfer({
    merchant: DEMO_MERCHANT,
    from: { kind: 'member_main', memberId },
    to: { kind: 'house', purpose: 'games' },
    amount,
    kind: 'bet',
    cause: { type: 'game_round', id: randomUUID() },
    memo: { gameCategory: category, validBet: Number(amount) },
  });
  await services.db
    .updateTable('ledger_transfers')
    .set({ created_at: new Date(Date.now() - 5 * 60_000) } as never)
    .where('id', '=', receipt.id)
    .execute();
}
