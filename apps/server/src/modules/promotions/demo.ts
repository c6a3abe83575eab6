import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertPromotion } from './repo.js';

const YEAR_MS = 365 * 24 * 3600_000;

/**
 * The demo merchant's promotions: a first-deposit match and a sign-up bonus, both wagered on the house slots, and a
 * referral programme paying the referrer cash for each friend's first deposit.
 */
export async function seedDemoPromotions(db: Kysely<Database>, merchant: string, actor: string) {
  const common = {
    image: null,
    starts_at: new Date(Date.now() - 24 * 3600_000),
    ends_at: new Date(Date.now() + YEAR_MS),
    new_member_days: 7,
    weights: JSON.stringify({ RNG: 100, LOTT: 10 }),
    expiry_hours: 168,
    max_claims_per_member: 1,
    max_claims_total: null,
    budget_minor: 100_000_000n,
    referral_trigger: null,
    referral_valid_bet_minor: null,
    updated_by: actor,
  };
  await insertPromotion(db, merchant, {
    ...common,
    type: 'first_deposit',
    texts: JSON.stringify({
      en: {
        title: '100% first deposit bonus',
        body: 'Double your first deposit, up to ৳1,000.\nBet the bonus 3 times on the slots and it becomes cash.',
      },
      bn: {
        title: 'প্রথম জমায় ১০০% বোনাস',
        body: 'আপনার প্রথম জমা দ্বিগুণ করুন, সর্বোচ্চ ৳১,০০০।\nস্লটে বোনাসের ৩ গুণ বাজি ধরুন, বোনাস নগদ হয়ে যাবে।',
      },
    }),
    audience: 'all',
    match_percent: 100,
    bonus_cap_minor: 100_000n,
    min_deposit_minor: 10_000n,
    fixed_bonus_minor: null,
    wagering_multiplier: 3,
    wagering_base: 'bonus',
    max_bet_minor: 20_000n,
    max_conversion_minor: null,
  });
  await insertPromotion(db, merchant, {
    ...common,
    type: 'signup',
    texts: JSON.stringify({
      en: {
        title: 'Welcome bonus ৳50',
        body: 'New here? Claim ৳50 to try the slots. Bet it 5 times and keep the winnings, up to ৳500.',
      },
      bn: { title: 'স্বাগতম বোনাস ৳৫০', body: 'নতুন? স্লট খেলে দেখতে ৳৫০ দাবি করুন। ৫ গুণ বাজি ধরুন, জয়ের টাকা রাখুন, সর্বোচ্চ ৳৫০০।' },
    }),
    audience: 'new',
    match_percent: null,
    bonus_cap_minor: 5_000n,
    min_deposit_minor: null,
    fixed_bonus_minor: 5_000n,
    wagering_multiplier: 5,
    wagering_base: 'bonus',
    max_bet_minor: 2_000n,
    max_conversion_minor: 50_000n,
  });
  await insertPromotion(db, merchant, {
    ...common,
    type: 'referral',
    texts: JSON.stringify({
      en: {
        title: 'Invite friends, earn ৳100',
        body: 'Share your invite link. When a friend you invited makes a first deposit of ৳100 or more, you receive ৳100 in cash.',
      },
      bn: {
        title: 'বন্ধুদের আমন্ত্রণ জানান, ৳১০০ পান',
        body: 'আপনার আমন্ত্রণ লিংক শেয়ার করুন। আপনার আমন্ত্রিত বন্ধু ৳১০০ বা তার বেশি প্রথম জমা দিলে আপনি ৳১০০ নগদ পাবেন।',
      },
    }),
    audience: 'all',
    match_percent: null,
    bonus_cap_minor: 10_000n,
    min_deposit_minor: 10_000n,
    fixed_bonus_minor: 10_000n,
    wagering_multiplier: 0,
    wagering_base: 'bonus',
    max_bet_minor: null,
    max_conversion_minor: null,
    referral_trigger: 'first_deposit',
  });
}
