import { randomBytes, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { staffToken } from '../../support/back-office.js';

const HOUR = 3600_000;

/**
 * A promotion's title for one test: letters only, because every player sees it on /promotions while the other specs
 * run, and the Bengali pages' check refuses Latin digits there.
 */
export const uniqueTitle = (kind: string) =>
  `${kind} ${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/** A promotion made through the back office's call, as an operator would: answers its id. */
export async function createPromotion(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const token = await staffToken(request, `promo${randomUUID().slice(0, 8)}`, 'owner');
  const answer = await request.post('/bo/api/promotions', {
    headers: { authorization: token },
    data: {
      image: null,
      startTime: Date.now() - HOUR,
      endTime: null,
      audience: 'all',
      newMemberDays: 30,
      minDepositMinor: null,
      fixedBonusMinor: null,
      matchPercent: null,
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
      ...body,
    },
  });
  const created = await answer.json();
  expect(created.success, JSON.stringify(created)).toBe(true);
  return created.value.id as string;
}

/**
 * The raffle terms the raffle specs play under, saved by an operator's call: a ticket per 0.50 of valid slot bets,
 * at most 20, one cash prize of 50.00 claimable for a day, drawn in two hours (or at once with "Draw now").
 */
export async function saveRaffleTerms(request: APIRequestContext, promotionId: string, staffToken: string): Promise<void> {
  const saved = await request.put('/bo/api/promotions/raffle', {
    headers: { authorization: staffToken },
    data: {
      promotionId,
      drawTime: Date.now() + 2 * HOUR,
      ticketValidBetMinor: '50',
      categories: ['RNG'],
      maxTickets: 20,
      claimHours: 24,
      prizes: [{ kind: 'cash', amountMinor: '5000' }],
    },
  });
  expect((await saved.json()).success).toBe(true);
}
