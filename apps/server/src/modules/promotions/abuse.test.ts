import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember, type TestMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import * as repo from './repo.js';
import { balances, createPromotion, freeBonusInput, LANGUAGE, ledgerOf, STAFF } from './test/kit.js';

describe('promotions: one bonus per person, flagged by a shared mobile or bank account', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const join = (member: TestMember, promotionId: string) =>
    t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotionId), LANGUAGE);
  const latestClaim = async (member: TestMember) => (await repo.selectMemberClaims(t.db.kysely, member.id))[0];
  const bind = async (member: TestMember, accountNumber: string, removed = false) => {
    await t.db.kysely
      .insertInto('payout_accounts')
      .values({
        merchant_code: DEMO_MERCHANT,
        member_id: member.id,
        type: 'bank',
        provider: 'Sonali Bank',
        holder_name: 'Rahim Uddin',
        account_number: accountNumber,
        removed_at: removed ? new Date() : null,
      })
      .execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('holds the claim of an account whose mobile another claimant has (one kept without its dial code) for review', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('4000'));
    const first = await newMember(t.db.kysely, { mobile: '01719000111', dialCode: '880' });
    // Stored before dial codes were: the national number alone.
    await t.db.kysely.updateTable('members').set({ dial_code: null }).where('id', '=', first.id).execute();
    expect((await join(first, promotion.id)).status).toBe('process');
    const second = await newMember(t.db.kysely, { mobile: '01719000111', dialCode: '880' });
    expect((await join(second, promotion.id)).status).toBe('applying');
    expect(await latestClaim(second)).toMatchObject({
      state: 'applying',
      flags: [{ signal: 'mobile', memberId: first.id.toString() }],
    });
    expect(await balances(ledgerOf(t.services), second.id)).toEqual({ cash: 0n, bonus: 0n });
    const stranger = await newMember(t.db.kysely, { mobile: '01719000222', dialCode: '880' });
    expect((await join(stranger, promotion.id)).status).toBe('process');
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });

  it('holds the claim of an account bound to the bank account another claimant is bound to; an unbound one flags nobody', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('4000'));
    const first = await newMember(t.db.kysely);
    await bind(first, '2001002003004');
    await bind(first, '9009009009', true);
    expect((await join(first, promotion.id)).status).toBe('process');
    const sameBank = await newMember(t.db.kysely);
    await bind(sameBank, '2001002003004');
    expect((await join(sameBank, promotion.id)).status).toBe('applying');
    expect(await latestClaim(sameBank)).toMatchObject({
      state: 'applying',
      flags: [{ signal: 'bank_account', memberId: first.id.toString() }],
    });
    const formerBank = await newMember(t.db.kysely);
    await bind(formerBank, '9009009009');
    expect((await join(formerBank, promotion.id)).status).toBe('process');
    expect(await balances(ledgerOf(t.services), formerBank.id)).toEqual({ cash: 0n, bonus: 4000n });

    const reviewer = { staffId: 1n, name: 'risk', permissions: ['promotions.review' as const], ip: null };
    const reviews = await t.services.promotionReviews.list(DEMO_MERCHANT, reviewer, LANGUAGE);
    expect(reviews.find((item) => item.account === sameBank.account)?.flags).toEqual([
      { signal: 'bank_account', memberId: first.id.toString(), account: first.account },
    ]);
    await t.services.promotionsAdmin.close(DEMO_MERCHANT, BigInt(promotion.id), STAFF);
  });
});
