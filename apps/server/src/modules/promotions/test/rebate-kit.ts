import { randomUUID } from 'node:crypto';
import type { PromotionInput } from '@tessera/contract/api/back-office-promotions';
import type { Db } from '../../../db/connect.js';
import { DEMO_MERCHANT } from '../../../db/seed/demo-merchant.js';
import type { Services } from '../../../services.js';
import { Ledger } from '../../ledger/service.js';
import { PromotionRebates } from '../rebates.js';
import { promotionInput } from './kit.js';

const DAY = 24 * 3600_000;

/** A daily loss rebate of `basisPoints` of slot losses from `minLoss`, at most `cap`, as cash unless `wagering` > 0. */
export const rebateInput = (overrides: Partial<PromotionInput> = {}) =>
  promotionInput({
    type: 'rebate',
    texts: {
      en: { title: 'Daily rebate', body: 'Ten percent of your slot losses back.' },
      bn: { title: 'দৈনিক রিবেট', body: 'স্লটে হারের দশ শতাংশ ফেরত।' },
    },
    matchPercent: null,
    minDepositMinor: null,
    fixedBonusMinor: null,
    bonusCapMinor: '100000',
    wageringMultiplier: 0,
    rebatePeriod: 'daily',
    rebateBasisPoints: 1000,
    minLossMinor: '1000',
    rebateCategories: ['RNG'],
    ...overrides,
  });

/** A UTC day after the current one has closed (and the lag): the periods of today are due. */
export const TOMORROW = () => new Date(Math.ceil(Date.now() / DAY) * DAY + 5 * 60_000);

/** The rebate runner on `db` with a fixed clock and small batches, so one period takes several transactions. */
export function rebatesOn(services: Services, db: Db['kysely'], clock: () => Date, batchSize = 3) {
  return new PromotionRebates(db, {
    ledger: new Ledger(db),
    factsOf: (trx, merchant, memberId) => services.promotions.memberFacts(trx, merchant, memberId),
    clock: async () => clock(),
    timeZone: 'UTC',
    batchSize,
  });
}

/** A stake of `bet` from the member's cash and a win of `win` back, in `category`, as a game round writes them. */
export async function round(db: Db['kysely'], memberId: bigint, bet: bigint, win: bigint, category = 'RNG') {
  const ledger = new Ledger(db);
  const roundId = randomUUID();
  await ledger.transfer({
    merchant: DEMO_MERCHANT,
    from: { kind: 'house', purpose: 'adjustments' },
    to: { kind: 'member_main', memberId },
    amount: bet,
    kind: 'adjustment',
    cause: { type: 'operator', id: 'test' },
  });
  const memo = { gameCategory: category, validBet: Number(bet), roundId };
  await ledger.transfer({
    merchant: DEMO_MERCHANT,
    from: { kind: 'member_main', memberId },
    to: { kind: 'house', purpose: 'games' },
    amount: bet,
    kind: 'bet',
    cause: { type: 'game_round', id: roundId },
    memo,
  });
  if (win > 0n)
    await ledger.transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'games' },
      to: { kind: 'member_main', memberId },
      amount: win,
      kind: 'win',
      cause: { type: 'game_round', id: roundId },
      memo: { ...memo, validBet: 0 },
    });
}
