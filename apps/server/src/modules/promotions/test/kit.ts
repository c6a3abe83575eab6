import { randomUUID } from 'node:crypto';
import type { PromotionInput } from '@tessera/contract/api/back-office-promotions';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import type { Services } from '../../../services.js';
import type { AuditActor } from '../../audit-log/service.js';
import { Ledger } from '../../ledger/service.js';

export const LOTUS = 'TS_LOTUS_FORTUNE';
export const STAFF: AuditActor = { actor: 'ops', kind: 'staff', ip: null };
export const LANGUAGE = { requested: 'en', fallback: 'bn' };
const HOUR = 3600_000;

/** A promotion open since an hour ago: a 100 % first-deposit match up to 1,000.00, 1× the bonus, slots only. */
export function promotionInput(overrides: Partial<PromotionInput> = {}): PromotionInput {
  return {
    type: 'first_deposit',
    texts: { en: { title: 'Welcome match', body: 'Double your first deposit.' }, bn: { title: 'স্বাগতম', body: 'প্রথম জমা দ্বিগুণ।' } },
    image: null,
    startTime: Date.now() - HOUR,
    endTime: null,
    audience: 'all',
    newMemberDays: 30,
    matchPercent: 100,
    bonusCapMinor: '100000',
    minDepositMinor: '10000',
    fixedBonusMinor: null,
    wageringMultiplier: 1,
    wageringBase: 'bonus',
    weights: { RNG: 100, LOTT: 10 },
    maxBetMinor: null,
    expiryHours: 72,
    maxConversionMinor: null,
    maxClaimsPerMember: 1,
    maxClaimsTotal: null,
    budgetMinor: null,
    review: false,
    referralTrigger: null,
    referralValidBetMinor: null,
    ...overrides,
  };
}

/** A free bonus of `bonus` paid on opt-in. */
export const freeBonusInput = (bonus: string, overrides: Partial<PromotionInput> = {}) =>
  promotionInput({
    type: 'free',
    matchPercent: null,
    fixedBonusMinor: bonus,
    bonusCapMinor: bonus,
    minDepositMinor: null,
    ...overrides,
  });

export async function createPromotion(services: Services, input: PromotionInput) {
  return services.promotionsAdmin.create(DEMO_MERCHANT, input, 'bn', STAFF);
}

/** A deposit through the demo channel, whose gateway approves it at once (the approval's hooks run). */
export async function depositNow(services: Services, memberId: bigint, amountMinor: bigint) {
  return services.deposits.create(
    DEMO_MERCHANT,
    memberId,
    { channel: 'demo', amountMinor: amountMinor.toString(), requestId: randomUUID() },
    { requested: 'en', fallback: 'bn' },
  );
}

export const spin = (services: Services, memberId: bigint, bet: bigint) =>
  services.houseVendor.spin(DEMO_MERCHANT, memberId, { gameCode: LOTUS, bet: bet.toString(), clientRoundId: randomUUID() });

export async function balances(ledger: Ledger, memberId: bigint) {
  const main = await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_main', memberId });
  const bonus = await ledger.balanceOf(DEMO_MERCHANT, { kind: 'member_bonus', memberId });
  return { cash: main.available, bonus: bonus.available };
}

export const ledgerOf = (services: Services) => new Ledger(services.db);
