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
