import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT } from '../../db/seed/demo-merchant.js';
import { newMember } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { HouseVendor } from '../house-vendor/service.js';
import type { StakeSource, Wagering } from '../house-vendor/stake-source.js';
import * as repo from './repo.js';
import { balances, createPromotion, freeBonusInput, LANGUAGE, LOTUS, ledgerOf } from './test/kit.js';

describe("a bonus stake's wagering, counted by the round's own statement", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The server's stake choice, but a round's follow-up only records what the statement counted: nothing else counts. */
  function listeningVendor() {
    const heard: (Wagering | null)[] = [];
    const stakes: StakeSource = {
      offerFor: (merchant, memberId, bet) => t.services.bonusStakes.offerFor(merchant, memberId, bet),
      afterRound: async (_merchant, _memberId, _claimId, _stake, _balanceAfter, counted) => {
        heard.push(counted);
      },
    };
    return { heard, house: new HouseVendor(t.db.kysely, ledgerOf(t.services), t.services.playChecks, stakes) };
  }

  it('counts each round and the bets made elsewhere since the last count, before the stake source hears of it', async () => {
    const { heard, house } = listeningVendor();
    const play = (memberId: bigint) =>
      house.spin(DEMO_MERCHANT, memberId, { gameCode: LOTUS, bet: '2000', clientRoundId: randomUUID() });

    const promotion = await createPromotion(t.services, freeBonusInput('10000', { wageringMultiplier: 5 }));
    const member = await newMember(t.db.kysely);
    await t.services.promotions.join(DEMO_MERCHANT, member.id, BigInt(promotion.id), LANGUAGE);
    const before = await balances(ledgerOf(t.services), member.id);
    expect(before).toEqual({ cash: 0n, bonus: 10_000n });

    const first = await play(member.id);
    expect(heard).toEqual([{ wagered: 2_000n, required: 50_000n }]);
    expect((await balances(ledgerOf(t.services), member.id)).bonus).toBe(10_000n - 2_000n + BigInt(first.round.win));

    // A lottery bet from cash between two rounds counts 10 % at the next round's count.
    await ledgerOf(t.services).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'adjustments' },
      to: { kind: 'member_main', memberId: member.id },
      amount: 1_000n,
      kind: 'adjustment',
      cause: { type: 'operator', id: 'test' },
    });
    await ledgerOf(t.services).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'member_main', memberId: member.id },
      to: { kind: 'house', purpose: 'games' },
      amount: 1_000n,
      kind: 'bet',
      cause: { type: 'game_round', id: `lottery-${randomUUID()}` },
      memo: { gameCategory: 'LOTT', validBet: 1_000 },
    });
    await play(member.id);
    expect(heard.at(-1)).toEqual({ wagered: 2_000n + 100n + 2_000n, required: 50_000n });
    const [claim] = await repo.selectMemberClaims(t.db.kysely, member.id);
    expect(claim).toMatchObject({ state: 'issued', wagered_minor: 4_100n });
  });

  it('counts nothing for a player without a bonus, and tells the stake source of no round', async () => {
    const { heard, house } = listeningVendor();
    const member = await newMember(t.db.kysely);
    await ledgerOf(t.services).transfer({
      merchant: DEMO_MERCHANT,
      from: { kind: 'house', purpose: 'adjustments' },
      to: { kind: 'member_main', memberId: member.id },
      amount: 10_000n,
      kind: 'adjustment',
      cause: { type: 'operator', id: 'test' },
    });
    await house.spin(DEMO_MERCHANT, member.id, { gameCode: LOTUS, bet: '2000', clientRoundId: randomUUID() });
    expect(heard).toEqual([]);
  });
});
