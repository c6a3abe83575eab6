import { register } from '@tessera/contract/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.js';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import type { Services } from '../../services.js';
import { newMember } from '../../test/factories.js';
import { sealedInject } from '../../test/sealed-call.js';
import { createTestApp } from '../../test/test-app.js';
import { createTestServices } from '../../test/test-services.js';
import * as promotionsRepo from '../promotions/repo.js';
import {
  balances,
  createPromotion,
  depositNow,
  freeBonusInput,
  LANGUAGE,
  ledgerOf,
  promotionInput,
} from '../promotions/test/kit.js';
import { asMember, sessionFor } from '../responsible-gaming/test/kit.js';
import { enrolledStaff, post } from '../staff/test/kit.js';
import { maskAccount } from './service.js';

/** Addresses of an ordinary ISP: shared ones (private, loopback, documentation ranges) flag nobody. */
const FRIEND_IP = '103.48.16.7';
const OTHER_IP = '103.48.16.99';

describe('member referral: codes, sign-ups through them, rewards paid once, flagged ones reviewed', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let secondDb: Db;
  let second: Services;
  let staff: { token: string };
  let otherStaff: { token: string };

  const signUp = (account: string, extra: Record<string, string>, ip = FRIEND_IP) =>
    sealedInject(
      t.app,
      register,
      { username: account, password: 'Secret123', confirmPassword: 'Secret123', termsAccepted: true, ageConsent: true, ...extra },
      { remoteAddress: ip, headers: { language: 'en' } },
    );
  const referralOf = async (token: string) => {
    const answer = await asMember(t.app, token)('GET', '/wps/promotions/referral');
    expect(answer.statusCode).toBe(200);
    return answer.json().value;
  };
  const rewardTransfers = async (referrerId: bigint) => {
    const claims = await promotionsRepo.selectMemberClaims(t.db.kysely, referrerId);
    return claims.filter((claim) => claim.referral_id !== null);
  };

  beforeAll(async () => {
    t = await createTestApp();
    secondDb = await t.db.reopen();
    second = createTestServices(secondDb);
    // The newest open programme is the one in force: ৳50 cash for a friend's deposit of ৳200 or more.
    await createPromotion(
      t.services,
      promotionInput({
        type: 'referral',
        matchPercent: null,
        fixedBonusMinor: '5000',
        bonusCapMinor: '5000',
        minDepositMinor: '20000',
        wageringMultiplier: 0,
        referralTrigger: 'first_deposit',
      }),
    );
    staff = await enrolledStaff(t.app, t.services, 'reviewer', 'owner');
    otherStaff = await enrolledStaff(t.app, t.services, 'second.eye', 'risk');
  });
  afterAll(async () => {
    await secondDb.close();
    await t.close();
  });

  it('tracks a sign-up through the link, shows the friend masked, and pays the referrer once on a qualifying deposit', async () => {
    const referrer = await newMember(t.db.kysely);
    const token = await sessionFor(t.db.kysely, referrer);
    const page = await referralOf(token);
    expect(page.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await referralOf(token)).code).toBe(page.code);
    expect(page.programme).toMatchObject({ trigger: 'first_deposit', rewardMinor: '5000', minDepositMinor: '20000' });
    expect(page.friends).toEqual([]);

    const signUpBonus = await createPromotion(t.services, freeBonusInput('2000', { type: 'signup', audience: 'new' }));
    const joined = await signUp('friendone', { referralCode: page.code.toLowerCase(), signupPromotionId: signUpBonus.id });
    expect(joined.statusCode).toBe(200);
    const friendId = BigInt(joined.json().value.id);
    // The friend opted into the sign-up bonus on the form: it was paid with the account.
    expect(await balances(ledgerOf(t.services), friendId)).toEqual({ cash: 0n, bonus: 2000n });

    const listed = await referralOf(token);
    expect(listed.friends).toEqual([
      expect.objectContaining({ account: 'f***e', state: 'registered', deposited: false, rewardMinor: null }),
    ]);
    await depositNow(t.services, friendId, 10_000n);
    expect((await referralOf(token)).friends[0]).toMatchObject({ state: 'registered', deposited: true });
    await depositNow(t.services, friendId, 20_000n);
    await depositNow(t.services, friendId, 20_000n);
    const rewarded = await referralOf(token);
    expect(rewarded).toMatchObject({ rewardsMinor: '5000', friends: [{ state: 'rewarded', rewardMinor: '5000' }] });
    expect(await balances(ledgerOf(t.services), referrer.id)).toEqual({ cash: 5_000n, bonus: 0n });
    expect(await rewardTransfers(referrer.id)).toHaveLength(1);

    const unknown = await signUp('friendtwo', { referralCode: 'NOSUCH22' });
    expect(unknown.json().code).toBe('invitation_code_error');
  });

  it('pays one reward when two qualifying deposits are approved at once on two instances', async () => {
    const referrer = await newMember(t.db.kysely);
    const code = await t.services.referrals.codeOf(DEMO_MERCHANT, referrer.id);
    const friend = await signUp('racingfriend', { referralCode: code });
    const friendId = BigInt(friend.json().value.id);
    await Promise.all([depositNow(t.services, friendId, 30_000n), depositNow(second, friendId, 30_000n)]);
    expect(await rewardTransfers(referrer.id)).toHaveLength(1);
    expect(await balances(ledgerOf(t.services), referrer.id)).toEqual({ cash: 5_000n, bonus: 0n });
  });

  it('holds the reward of a friend on the referrer’s own device for review; a rejection pays nothing', async () => {
    const referrer = await newMember(t.db.kysely, { registration: { loginDeviceId: 'device-shared-1', ip: OTHER_IP } });
    const token = await sessionFor(t.db.kysely, referrer);
    const { code } = await referralOf(token);
    const friend = await signUp('samedevice', { referralCode: code, loginDeviceId: 'device-shared-1' });
    const friendId = BigInt(friend.json().value.id);
    await depositNow(t.services, friendId, 20_000n);
    expect((await referralOf(token)).friends[0]).toMatchObject({ state: 'applying', rewardMinor: null });
    expect(await balances(ledgerOf(t.services), referrer.id)).toEqual({ cash: 0n, bonus: 0n });

    const queue = await t.app.inject({ url: '/bo/api/promotions/reviews', headers: { authorization: staff.token } });
    const item = queue.json().value.items.find((entry: { memberId: string }) => entry.memberId === referrer.id.toString());
    expect(item).toMatchObject({
      type: 'referral',
      account: referrer.account,
      referredAccount: 'samedevice',
      bonusMinor: '5000',
      flags: [{ signal: 'device', memberId: friendId.toString(), account: 'samedevice' }],
      awaitingSecond: false,
    });
    const rejected = await post(
      t.app,
      '/bo/api/promotions/reviews/reject',
      { claimId: item.claimId, reason: 'same person' },
      staff.token,
    );
    expect(rejected.status).toBe(200);
    expect((await referralOf(token)).friends[0]).toMatchObject({ state: 'rejected' });
    const again = await post(t.app, '/bo/api/promotions/reviews/approve', { claimId: item.claimId }, staff.token);
    expect([again.status, again.body.code]).toEqual([409, 'promo.review.state']);
    expect(await balances(ledgerOf(t.services), referrer.id)).toEqual({ cash: 0n, bonus: 0n });
  });

  it('flags a second account on the same address claiming the same bonus, and pays it only after review', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('3000'));
    const first = await newMember(t.db.kysely, { registration: { ip: FRIEND_IP } });
    await t.services.promotions.join(DEMO_MERCHANT, first.id, BigInt(promotion.id), LANGUAGE);
    const twin = await newMember(t.db.kysely, { registration: { ip: FRIEND_IP } });
    const held = await t.services.promotions.join(DEMO_MERCHANT, twin.id, BigInt(promotion.id), LANGUAGE);
    expect(held.status).toBe('applying');
    const [claim] = await promotionsRepo.selectMemberClaims(t.db.kysely, twin.id);
    expect(claim).toMatchObject({ state: 'applying', flags: [{ signal: 'ip', memberId: first.id.toString() }] });
    // A shared private address (the same office network, this server's proxy) flags nobody.
    const office = await newMember(t.db.kysely, { registration: { ip: '10.0.0.8' } });
    const colleague = await newMember(t.db.kysely, { registration: { ip: '10.0.0.8' } });
    await t.services.promotions.join(DEMO_MERCHANT, office.id, BigInt(promotion.id), LANGUAGE);
    expect((await t.services.promotions.join(DEMO_MERCHANT, colleague.id, BigInt(promotion.id), LANGUAGE)).status).toBe(
      'process',
    );

    const approved = await post(t.app, '/bo/api/promotions/reviews/approve', { claimId: claim?.id.toString() }, staff.token);
    expect(approved.body.value).toEqual({ outcome: 'done', approvalId: null });
    expect(await balances(ledgerOf(t.services), twin.id)).toEqual({ cash: 0n, bonus: 3000n });
    const events = await promotionsRepo.selectEvents(t.db.kysely, claim?.id ?? 0n);
    expect(events.map((event) => [event.from_state, event.to_state, event.actor])).toEqual([
      [null, 'joined', `member:${twin.id}`],
      ['joined', 'applying', `member:${twin.id}`],
      ['applying', 'issued', 'staff:reviewer'],
    ]);
  });

  it('asks a second staff member above the four-eyes threshold; the first may not confirm their own approval', async () => {
    const promotion = await createPromotion(t.services, freeBonusInput('2000000', { review: true }));
    const member = await newMember(t.db.kysely);
    const view = await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    expect(view).toMatchObject({ status: 'applying', bonus: null });
    const [claim] = await promotionsRepo.selectMemberClaims(t.db.kysely, member.id);
    const claimId = claim?.id.toString();
    const asked = await post(t.app, '/bo/api/promotions/reviews/approve', { claimId }, staff.token);
    expect(asked.body.value).toMatchObject({ outcome: 'awaiting_second' });
    const repeated = await post(t.app, '/bo/api/promotions/reviews/approve', { claimId }, staff.token);
    expect(repeated.body.value).toEqual(asked.body.value);
    const queue = await t.app.inject({ url: '/bo/api/promotions/reviews', headers: { authorization: staff.token } });
    expect(queue.json().value.items.find((item: { claimId: string }) => item.claimId === claimId)).toMatchObject({
      awaitingSecond: true,
    });
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 0n, bonus: 0n });
    const own = await post(t.app, '/bo/api/approvals/confirm', { id: asked.body.value.approvalId }, staff.token);
    expect(own.body.code).toBe('approval.same.staff');
    const confirmed = await post(t.app, '/bo/api/approvals/confirm', { id: asked.body.value.approvalId }, otherStaff.token);
    expect(confirmed.status).toBe(200);
    expect(await balances(ledgerOf(t.services), member.id)).toEqual({ cash: 0n, bonus: 2_000_000n });
    expect((await t.services.promotions.detail(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE)).status).toBe('process');
  });

  it('masks a friend’s account to its first and last characters', () => {
    expect([maskAccount('friendone'), maskAccount('ab'), maskAccount('abc')]).toEqual(['f***e', 'a***', 'a***c']);
  });
});
