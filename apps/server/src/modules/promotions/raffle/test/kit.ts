import type { PromotionInput } from '@tessera/contract/api/back-office-promotions';
import type { RaffleInput } from '@tessera/contract/api/raffles';
import { DEMO_MERCHANT } from '../../../../db/seed/demo-merchant.js';
import type { Services } from '../../../../services.js';
import { createPromotion, promotionInput, STAFF } from '../../test/kit.js';

const HOUR = 3600_000;

/**
 * A raffle promotion open since an hour ago, drawn in an hour: a ticket per 10.00 of slot bets, at most 5 each; for
 * the named accounts only when `accounts` is given (tests share one database, and a raffle counts every bet).
 */
export async function createRaffle(
  services: Services,
  overrides: Partial<Omit<RaffleInput, 'promotionId'>> = {},
  accounts: string[] | null = null,
) {
  const audience: Partial<PromotionInput> = accounts ? { audience: 'members', accounts } : {};
  const promotion = await createPromotion(
    services,
    promotionInput({
      type: 'raffle',
      texts: { en: { title: 'Lucky draw', body: 'Bet and win.' }, bn: { title: 'লাকি ড্র', body: 'বাজি ধরুন, জিতুন।' } },
      matchPercent: null,
      minDepositMinor: null,
      fixedBonusMinor: null,
      bonusCapMinor: '100000',
      ...audience,
    }),
  );
  const raffle = await services.raffleAdmin.save(
    DEMO_MERCHANT,
    {
      promotionId: promotion.id,
      drawTime: Date.now() + HOUR,
      ticketValidBetMinor: '1000',
      categories: ['RNG'],
      maxTickets: 5,
      claimHours: 24,
      prizes: [
        { kind: 'cash', amountMinor: '5000' },
        { kind: 'bonus', amountMinor: '3000' },
      ],
      ...overrides,
    },
    STAFF,
  );
  return { promotionId: BigInt(promotion.id), raffle };
}
