import { randomUUID } from 'node:crypto';
import type { ContractKind } from '@tessera/contract/agent-contracts';
import { FEATURES, setFeature } from '@tessera/contract/features';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import type { Services } from '../../../services.js';
import { newMember, type TestMember } from '../../../test/factories.js';
import { Ledger } from '../../ledger/service.js';

/** Every contract kind on, with room under the merchant's limits and every dividend period offered. */
export async function contractsOn(services: Services) {
  await services.siteSettings.update(
    DEMO_MERCHANT,
    'whitelabel',
    (tree) =>
      [FEATURES.dividend, FEATURES.dailySalary, FEATURES.hourlySalary, FEATURES.realTimeSalary].reduce(
        (next, modId) => setFeature(next, modId, true) ?? next,
        tree,
      ),
    'test',
  );
  await services.siteSettings.update(
    DEMO_MERCHANT,
    'agentContracts',
    (limits) => ({
      ...limits,
      dividend: { ...limits.dividend, ceilingRate: 3000, periods: ['daily', 'weekly', 'semiMonthly', 'monthly'] },
      dailySalary: { ...limits.dailySalary, ceilingRate: 500 },
      hourlySalary: { ...limits.hourlySalary, ceilingRate: 500 },
      realTimeSalary: { ...limits.realTimeSalary, profitCeilingRate: 500, lossCeilingRate: 500 },
    }),
    'test',
  );
}

/** A contract offered by `upline` and accepted by `downline` through the contracts service: its id. */
export async function contract(
  services: Services,
  upline: TestMember,
  downline: TestMember,
  kind: ContractKind,
  period: string,
  tiers: Record<string, string | number>[],
) {
  const settings = await services.siteSettings.get(DEMO_MERCHANT, 0);
  if (!settings) throw new Error('no demo merchant');
  const offered = await services.agentContracts.process(
    DEMO_MERCHANT,
    upline.id,
    kind,
    { action: 'offer', downline: downline.account, period, tiers } as never,
    settings,
  );
  await services.agentContracts.process(
    DEMO_MERCHANT,
    downline.id,
    kind,
    { action: 'accept', contractId: offered.contract.id },
    settings,
  );
  return BigInt(offered.contract.id);
}

/** A player under `agent` with `amount` deposited. */
export async function player(db: Kysely<Database>, agent: TestMember, amount = 1_000_000n) {
  const member = await newMember(db, { parentId: agent.id });
  await new Ledger(db).transfer({
    merchant: DEMO_MERCHANT,
    from: { kind: 'channel_in', channel: 'test' },
    to: { kind: 'member_main', memberId: member.id },
    amount,
    kind: 'deposit',
    cause: { type: 'gateway', id: randomUUID() },
  });
  return member;
}

/** A settled game round: the stake to the house, and what it paid back (nothing when lost). */
export async function round(db: Kysely<Database>, member: TestMember, stake: bigint, paid = 0n) {
  const ledger = new Ledger(db);
  const roundId = randomUUID();
  const memo = { vendor: 'TESSERA_RNG', gameCode: 'test-slot', roundId, validBet: stake.toString() };
  await ledger.transfer({
    merchant: DEMO_MERCHANT,
    from: { kind: 'member_main', memberId: member.id },
    to: { kind: 'house', purpose: 'games' },
    amount: stake,
    kind: 'bet',
    cause: { type: 'game_round', id: roundId },
    idempotencyKey: `test-round:${roundId}:bet`,
    memo,
  });
  if (paid > 0n) {
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'games' },
      to: { kind: 'member_main', memberId: member.id },
      amount: paid,
      kind: 'win',
      cause: { type: 'game_round', id: roundId },
      idempotencyKey: `test-round:${roundId}:win`,
      memo,
    });
  }
}

export const mainBalance = async (db: Kysely<Database>, member: TestMember) =>
  (await new Ledger(db).balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId: member.id })).available;
